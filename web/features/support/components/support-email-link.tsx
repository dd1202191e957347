import type { ReactNode } from 'react';
import { useSiteInfo } from '#web/features/site/api/use-site-info';
import { cn } from '#web/lib/cn';

interface SupportEmailLinkProps {
  /** Prefills the subject line of the e-mail, e.g. 'URGENT: '. */
  subject?: string;
  className?: string;
  /** Shown instead of the address when it could not be loaded. */
  fallback: ReactNode;
}

/**
 * The installation's support address (SUPPORT_EMAIL) as a mailto: link. While it loads, a block of about
 * the same width holds its place so the sentence around it does not jump.
 */
export function SupportEmailLink({ subject, className, fallback }: SupportEmailLinkProps) {
  const { data, isPending, isError } = useSiteInfo();
  if (isPending) {
    return (
      <span className="inline-block h-[1em] w-[18ch] max-w-full translate-y-[0.15em] rounded bg-slate-200 motion-safe:animate-pulse">
        <span className="sr-only">Loading the support address</span>
      </span>
    );
  }
  if (isError) return <>{fallback}</>;
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return (
    <a
      href={`mailto:${data.supportEmail}${query}`}
      className={cn(
        'rounded-sm font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-4 wrap-anywhere hover:text-indigo-900 hover:decoration-indigo-600',
        className,
      )}
    >
      {data.supportEmail}
    </a>
  );
}
