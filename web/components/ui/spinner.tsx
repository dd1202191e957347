import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/cn';

interface SpinnerProps {
  label?: string;
  /** Shows the label beside the spinner; otherwise only screen readers hear it. */
  showLabel?: boolean;
  className?: string;
}

/** A spinner with a text for screen readers; shown while data loads. */
export function Spinner({ label = 'Loading…', showLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-600', className)}>
      <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}

/** A whole-page loading state that keeps the page's height, so nothing jumps when data arrives. */
export function PageSpinner({ label, showLabel }: { label?: string; showLabel?: boolean }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} showLabel={showLabel} />
    </div>
  );
}
