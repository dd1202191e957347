import { cn } from '#web/lib/cn';

/**
 * The error of one field, under it. Always rendered, so that screen readers, which watch a live region
 * that exists before its text changes, announce each new error; the field points at it with
 * aria-describedby (and aria-invalid) only while it has one.
 */
export function FieldError({
  id,
  error,
  className,
}: {
  id: string;
  error: string | null;
  className?: string;
}) {
  return (
    <p id={id} aria-live="polite" className={cn('text-sm text-red-700 empty:hidden', className)}>
      {error}
    </p>
  );
}
