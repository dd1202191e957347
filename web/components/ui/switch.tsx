import type { ButtonHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn';

/**
 * An on/off switch (WAI-ARIA `role="switch"`): a button whose `aria-checked` is its state. Label it with
 * `aria-labelledby` (or `aria-label`) and describe what it does with `aria-describedby`; `onClick` flips it.
 */
export function Switch({
  checked,
  className,
  ...props
}: { checked: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'aria-checked'>) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60',
        checked ? 'bg-indigo-600' : 'bg-slate-300',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
          checked ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  );
}
