import { Children, cloneElement, type HTMLAttributes, isValidElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * Renders its only child with the slot's props merged in: `<Button asChild><Link/></Button>` is a link
 * that looks like a button. The child's own props win, except className, which is joined.
 */
export function Slot({
  children,
  className,
  ...props
}: HTMLAttributes<HTMLElement> & { children?: ReactNode }) {
  const child = Children.only(children);
  if (!isValidElement<{ className?: string }>(child)) return null;
  return cloneElement(child, { ...props, ...child.props, className: cn(className, child.props.className) });
}
