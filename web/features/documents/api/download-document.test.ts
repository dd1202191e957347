import { expect, test } from 'vitest';
import { savedName } from './download-document';

test('a download is saved under the name the server gives, else under its title', () => {
  expect(savedName('attachment; filename=Memo.pdf', 'Memo.docx')).toBe('Memo.pdf');
  expect(savedName(`attachment; filename="Resume.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`, 'x')).toBe(
    'Résumé.pdf',
  );
  expect(savedName(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A.pdf`, 'x')).toBe('a.pdf');
  expect(savedName(null, 'Deck.pdf')).toBe('Deck.pdf');
});
