import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

export const selectVariants = cva(
  'rounded-md border bg-white text-slate-900 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600',
  {
    variants: {
      size: {
        /** A filter or a choice in a row of a list. */
        sm: 'h-9 px-2 text-sm',
        md: 'h-10 px-3 text-sm',
        /** In a form beside an Input: the same height and text. */
        field: 'h-11 px-3 text-base sm:text-sm',
      },
      tone: {
        default: 'border-slate-300',
        /** On a blue notice band (the founder's preview bar). */
        info: 'border-blue-300',
      },
    },
    defaultVariants: { size: 'md', tone: 'default' },
  },
);

/**
 * A native <select> with the console's look: the browser's own list, keyboard and screen-reader
 * behaviour, one look everywhere. Callers add only widths and margins (cn does not resolve conflicts).
 */
export function Select({
  className,
  size,
  tone,
  ...props
}: Omit<ComponentProps<'select'>, 'size'> & VariantProps<typeof selectVariants>) {
  return <select className={cn(selectVariants({ size, tone }), className)} {...props} />;
}
