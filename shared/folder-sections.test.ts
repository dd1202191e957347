import { expect, test } from 'vitest';
import { folderSectionsOf } from './folder-sections';

test('top folders name the sections; files at the top go to the chosen section', () => {
  expect(
    folderSectionsOf(
      ['Financials/model.xlsx', 'Financials/2024/old.xlsx', 'Legal/charter.pdf', 'deck.pdf'],
      'Overview',
    ),
  ).toEqual(['Financials', 'Financials', 'Legal', 'Overview']);
});

test('one folder wrapping everything is the upload itself, not a section', () => {
  expect(folderSectionsOf(['Raise/Financials/model.xlsx', 'Raise/deck.pdf'], undefined)).toEqual([
    'Financials',
    undefined,
  ]);
});

test('a folder name is cleaned of control characters and bounded', () => {
  expect(folderSectionsOf(['Fin\u202Eance\u0000s/a.pdf', 'b.pdf'], undefined)[0]).toBe('Fin ance s');
  expect(folderSectionsOf([`${'x'.repeat(300)}/a.pdf`, 'b.pdf'], undefined)[0]).toHaveLength(200);
});
