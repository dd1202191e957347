import { type RefObject, useEffect, useRef } from 'react';

/**
 * A native <dialog> shown as a modal while `open` (focus kept inside, Escape as its cancel event) and
 * closed when not: the ref to put on the element.
 */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
