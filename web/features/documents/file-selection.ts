/**
 * The Files tab's filter and selection, kept pure so they are tested without a browser. Selection
 * only ever acts on what the founder can see: a file hidden by the filter is never deleted by
 * 'Delete (n)', and select-all selects the visible files.
 */

export function filterByTitle<T extends { title: string }>(documents: readonly T[], query: string): T[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...documents];
  return documents.filter((document) => {
    const title = document.title.toLocaleLowerCase();
    return words.every((word) => title.includes(word));
  });
}

/** The selected ids among the visible documents, in the list's order. */
export function selectedVisible(selected: ReadonlySet<string>, visible: readonly { id: string }[]): string[] {
  return visible.filter((document) => selected.has(document.id)).map((document) => document.id);
}

export type SelectAllState = 'none' | 'some' | 'all';

export function selectAllState(
  selected: ReadonlySet<string>,
  visible: readonly { id: string }[],
): SelectAllState {
  const count = selectedVisible(selected, visible).length;
  if (count === 0) return 'none';
  return count === visible.length ? 'all' : 'some';
}

/** Select-all: selects every visible document, or clears them when all were selected already. */
export function toggleAll(selected: ReadonlySet<string>, visible: readonly { id: string }[]): Set<string> {
  const next = new Set(selected);
  const all = selectAllState(selected, visible) === 'all';
  for (const document of visible) {
    if (all) next.delete(document.id);
    else next.add(document.id);
  }
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
