import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. It does not resolve Tailwind conflicts (tailwind-merge would cost 8 KB of the
 * landing page's budget, docs/decisions/0006-landing-bundle.md): a component's look is changed through
 * its variants, and callers add only classes that do not compete with the component's own.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
