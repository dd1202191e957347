import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

interface LandingSectionProps {
  /** The heading's id; the section is labelled by it, so each block is a named region. */
  id: string;
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  tinted?: boolean;
  children: ReactNode;
}

/** One block of the landing page: the same width, spacing and heading style for every block. */
export function LandingSection({ id, eyebrow, title, lead, tinted = false, children }: LandingSectionProps) {
  return (
    <section
      aria-labelledby={id}
      className={cn('border-t border-slate-200 py-16 sm:py-24', tinted ? 'bg-slate-50' : 'bg-white')}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-indigo-700">{eyebrow}</p>
          <h2
            id={id}
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg text-pretty text-slate-600">{lead}</p> : null}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
