import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

interface MockupFrameProps {
  /** What the window shows, written in its title bar. */
  windowTitle: string;
  /** Said under the frame, so nobody mistakes the sample data for someone's real room. */
  caption: string;
  dark?: boolean;
  className?: string;
  children: ReactNode;
}

/** A drawn application window around illustrative content: CSS only, no screenshots to download. */
export function MockupFrame({ windowTitle, caption, dark = false, className, children }: MockupFrameProps) {
  return (
    <figure className={cn('flex min-w-0 flex-col', className)}>
      <div
        className={cn(
          'flex-1 overflow-hidden rounded-xl border shadow-xl shadow-slate-900/5',
          dark ? 'border-slate-800 bg-slate-900' : 'border-slate-200 bg-white',
        )}
      >
        <div
          className={cn(
            'flex items-center gap-3 border-b px-4 py-2.5',
            dark
              ? 'border-slate-800 bg-slate-950 text-slate-400'
              : 'border-slate-200 bg-slate-50 text-slate-500',
          )}
        >
          <span className="flex gap-1.5" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-red-300" />
            <span className="size-2.5 rounded-full bg-amber-300" />
            <span className="size-2.5 rounded-full bg-emerald-300" />
          </span>
          <span className="truncate text-xs font-medium">{windowTitle}</span>
        </div>
        {children}
      </div>
      <figcaption className="mt-3 text-center text-xs text-slate-500">{caption}</figcaption>
    </figure>
  );
}
