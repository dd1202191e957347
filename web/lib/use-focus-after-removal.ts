import { useCallback, useEffect, useRef } from 'react';

/** The attribute that marks each row's focus target, with the row's id as its value. */
export const FOCUS_ROW_ATTRIBUTE = 'data-focus-row';

/**
 * After a confirmed removal (the row and its button gone), the browser would leave focus on <body>.
 * This puts it on the row that took the removed one's place (or the new last row), else on the list's
 * heading, which is given tabIndex={-1}. It waits until the confirmation dialog has closed (closing it
 * returns focus to the button that opened it) and the list no longer shows the removed rows.
 *
 * `rowIds` are the rows shown, in order; `dialogOpen` is whether the confirmation is still open.
 */
export function useFocusAfterRemoval<Heading extends HTMLElement>(
  rowIds: readonly string[],
  dialogOpen: boolean,
) {
  const headingRef = useRef<Heading>(null);
  const pending = useRef<{ removed: ReadonlySet<string>; index: number; done: boolean } | null>(null);
  const current = useRef({ rowIds, dialogOpen });
  current.current = { rowIds, dialogOpen };

  const settle = useCallback(() => {
    const removal = pending.current;
    const { rowIds: shown, dialogOpen: open } = current.current;
    if (!removal?.done || open || shown.some((id) => removal.removed.has(id))) return;
    pending.current = null;
    const nextId = shown[Math.min(removal.index, shown.length - 1)];
    const next =
      nextId === undefined
        ? null
        : document.querySelector<HTMLElement>(`[${FOCUS_ROW_ATTRIBUTE}="${CSS.escape(nextId)}"]`);
    (next ?? headingRef.current)?.focus();
  }, []);

  const rowKey = rowIds.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: settle reads the latest rows and dialog state through a ref; these say when they changed.
  useEffect(settle, [rowKey, dialogOpen, settle]);

  return {
    headingRef,
    /** The founder confirmed removing these rows: remember where they are, before the list changes. */
    removing(ids: readonly string[]) {
      const indexes = ids.map((id) => current.current.rowIds.indexOf(id)).filter((index) => index >= 0);
      pending.current = { removed: new Set(ids), index: Math.min(...indexes, Infinity), done: false };
    },
    /** The server removed these (none: nothing was removed, focus stays where the dialog returns it). */
    removed(ids: readonly string[]) {
      const removal = pending.current;
      pending.current = removal && ids.length > 0 ? { ...removal, removed: new Set(ids), done: true } : null;
      settle();
    },
  };
}
