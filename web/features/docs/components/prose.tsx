import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn';

/** The documentation's text styles, in one place so every topic reads the same. */

export function Paragraph({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('leading-7 text-slate-700', className)} {...props} />;
}

export function Subheading({ className, ...props }: ComponentProps<'h3'>) {
  return <h3 className={cn('pt-2 text-lg font-semibold text-slate-900', className)} {...props} />;
}

export function BulletList({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      className={cn('list-disc space-y-2 pl-5 leading-7 text-slate-700 marker:text-slate-400', className)}
      {...props}
    />
  );
}

export function NumberedList({ className, ...props }: ComponentProps<'ol'>) {
  return (
    <ol
      className={cn(
        'list-decimal space-y-2 pl-5 leading-7 text-slate-700 marker:font-semibold marker:text-indigo-600',
        className,
      )}
      {...props}
    />
  );
}

/** Inline code: a key, a file name, a short snippet. Breaks anywhere so it never widens a phone screen. */
export function Code({ className, ...props }: ComponentProps<'code'>) {
  return (
    <code
      className={cn(
        'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] break-words text-slate-900',
        className,
      )}
      {...props}
    />
  );
}

/** A highlighted note: 'info' for tips, 'warning' for what can go wrong. */
export function Callout({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'warning';
  title: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'rounded-lg border-l-4 p-4 text-sm leading-6',
        tone === 'info'
          ? 'border-indigo-500 bg-indigo-50 text-indigo-950'
          : 'border-amber-500 bg-amber-50 text-amber-950',
      )}
    >
      <p className="font-semibold">{title}</p>
      <div className="mt-1 space-y-2">{children}</div>
    </div>
  );
}

/** A table that scrolls sideways on a narrow screen instead of widening the page. */
export function Table({
  caption,
  head,
  children,
}: {
  caption?: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[20rem] text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-2.5 font-semibold sm:px-4">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-baseline sm:px-4', className)} {...props} />;
}
