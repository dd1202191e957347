import { expect, test } from 'vitest';
import { savedName } from './download-document';

test('a download is saved under the title the reader clicked, whatever the stored file was called', () => {
  expect(savedName('attachment; filename="Q3 board deck.pdf"', 'Pitch deck.pdf')).toBe('Pitch deck.pdf');
  expect(savedName(null, 'Deck.pdf')).toBe('Deck.pdf');
});

test('a file served as another kind (a watermarked Word file as PDF) keeps the title with the served extension', () => {
  expect(savedName('attachment; filename=Memo.pdf', 'Board memo.docx')).toBe('Board memo.pdf');
  expect(
    savedName(`attachment; filename="Resume.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`, 'CV.doc'),
  ).toBe('CV.pdf');
  // A malformed RFC 8187 name falls back to the plain one.
  expect(savedName(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A.pdf`, 'Plan.xlsx')).toBe(
    'Plan.pdf',
  );
  expect(savedName('attachment; filename=Memo.pdf', 'Memo')).toBe('Memo.pdf');
});
