import { describe, expect, test } from 'vitest';
import { filterByTitle, selectAllState, selectedVisible, toggleAll, toggleOne } from './file-selection';

const documents = [
  { id: 'a', title: 'Pitch deck Q3.pdf' },
  { id: 'b', title: 'Financial model.xlsx' },
  { id: 'c', title: 'Cap table.xlsx' },
  { id: 'd', title: 'Équipe et fondateurs.docx' },
];

describe('filterByTitle', () => {
  test('an empty or blank query keeps every document, in order', () => {
    expect(filterByTitle(documents, '')).toEqual(documents);
    expect(filterByTitle(documents, '   ')).toEqual(documents);
  });

  test('matches every word anywhere in the title, without case', () => {
    expect(filterByTitle(documents, 'XLSX').map((d) => d.id)).toEqual(['b', 'c']);
    expect(filterByTitle(documents, 'model fin').map((d) => d.id)).toEqual(['b']);
    expect(filterByTitle(documents, 'équipe').map((d) => d.id)).toEqual(['d']);
    expect(filterByTitle(documents, 'nothing like it')).toEqual([]);
  });
});

describe('selection', () => {
  test('select-all selects the visible documents only, and a second press clears them', () => {
    const visible = filterByTitle(documents, 'xlsx');
    const selected = toggleAll(new Set(['a']), visible);
    expect([...selected].sort()).toEqual(['a', 'b', 'c']);
    expect(selectAllState(selected, visible)).toBe('all');
    const cleared = toggleAll(selected, visible);
    expect([...cleared]).toEqual(['a']);
    expect(selectAllState(cleared, visible)).toBe('none');
  });

  test('a partly selected list is "some", and select-all then selects the rest', () => {
    const selected = toggleOne(new Set(), 'b');
    expect(selectAllState(selected, documents)).toBe('some');
    expect(toggleAll(selected, documents).size).toBe(4);
  });

  test('a file hidden by the filter is not counted or deleted', () => {
    const selected = new Set(['a', 'b']);
    expect(selectedVisible(selected, filterByTitle(documents, 'model'))).toEqual(['b']);
    expect(selectedVisible(selected, documents)).toEqual(['a', 'b']);
  });

  test('toggleOne adds and removes without touching the others', () => {
    expect([...toggleOne(new Set(['a', 'b']), 'a')]).toEqual(['b']);
    expect(selectAllState(new Set(), [])).toBe('none');
  });
});
