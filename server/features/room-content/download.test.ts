import { expect, test } from 'vitest';
import { attachmentDisposition, parseRange } from './download';

test('a plain name is quoted; any script is kept in the RFC 5987 form', () => {
  expect(attachmentDisposition('Deck.pdf')).toBe(
    `attachment; filename="Deck.pdf"; filename*=UTF-8''Deck.pdf`,
  );
  expect(attachmentDisposition('Финансы 2026.xlsx')).toBe(
    `attachment; filename="_______ 2026.xlsx"; filename*=UTF-8''%D0%A4%D0%B8%D0%BD%D0%B0%D0%BD%D1%81%D1%8B%202026.xlsx`,
  );
});

test('quotes, backslashes and line breaks cannot escape the header', () => {
  const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x=1.pdf');
  expect(header).not.toMatch(/[\r\n]/);
  expect(header).toContain('filename="a_b_c__Set-Cookie: x=1.pdf"');
});

test.each([
  [undefined, { kind: 'whole' }],
  ['bytes=0-99', { kind: 'range', start: 0, end: 99 }],
  ['bytes=500-', { kind: 'range', start: 500, end: 999 }],
  ['bytes=-100', { kind: 'range', start: 900, end: 999 }],
  ['bytes=900-5000', { kind: 'range', start: 900, end: 999 }],
  ['bytes=1000-', { kind: 'unsatisfiable' }],
  ['bytes=5-1', { kind: 'unsatisfiable' }],
  ['bytes=0-1,5-6', { kind: 'whole' }],
  ['items=0-1', { kind: 'whole' }],
])('Range %s of a 1000-byte file', (header, expected) => {
  expect(parseRange(header, 1000)).toEqual(expected);
});
