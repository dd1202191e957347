import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'flex h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
