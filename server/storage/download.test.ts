import { parse } from 'content-disposition';
import { expect, test } from 'vitest';
import { attachmentDisposition, clientHasCurrentCopy, requestedRange } from './download';

const ETAG = '"abc123"';

test('a plain ASCII name is sent as it is; any other script is kept exactly in the RFC 8187 form', () => {
  expect(attachmentDisposition('Deck.pdf')).toBe('attachment; filename=Deck.pdf');
  expect(attachmentDisposition('Q3 Deck.pdf')).toBe('attachment; filename="Q3 Deck.pdf"');
  expect(attachmentDisposition('Финансы 2026.xlsx')).toBe(
    `attachment; filename="_______ 2026.xlsx"; filename*=UTF-8''%D0%A4%D0%B8%D0%BD%D0%B0%D0%BD%D1%81%D1%8B%202026.xlsx`,
  );
});

test('an accented name keeps its letters in the fallback an old client shows, and exactly in filename*', () => {
  const header = attachmentDisposition('Résumé Café Ångström.pdf');
  expect(parse(header, { extended: false }).parameters.filename).toBe('Resume Cafe Angstrom.pdf');
  expect(parse(header).parameters.filename).toBe('Résumé Café Ångström.pdf');
});

test('quotes, backslashes, percent escapes and line breaks cannot escape the header or be decoded twice', () => {
  const header = attachmentDisposition('a"b\\c%41\r\nSet-Cookie: x=1.pdf');
  expect(header).not.toMatch(/[\r\n]/);
  expect(header).toContain('filename="a_b_c_41__Set-Cookie: x=1.pdf"');
  expect(parse(header).parameters.filename).toBe('a"b\\c%41\r\nSet-Cookie: x=1.pdf');
});

test.each([
  ['no validator', {}, false],
  ['the same tag', { 'if-none-match': ETAG }, true],
  ['another tag', { 'if-none-match': '"other"' }, false],
  ['a list that holds the tag', { 'if-none-match': '"old", "abc123" ,"older"' }, true],
  ['the weak form of the tag (weak comparison)', { 'if-none-match': `W/${ETAG}` }, true],
  ['a list of weak tags', { 'if-none-match': `W/"old", W/${ETAG}` }, true],
  ['* (any current file)', { 'if-none-match': '*' }, true],
  [
    'If-None-Match wins over If-Modified-Since',
    { 'if-none-match': '"other"', 'if-modified-since': new Date().toUTCString() },
    false,
  ],
  [
    'the tag with the no-cache that fetch() adds',
    { 'if-none-match': ETAG, 'cache-control': 'no-cache' },
    true,
  ],
])('If-None-Match: %s', (_name, headers, current) => {
  expect(clientHasCurrentCopy(headers, ETAG)).toBe(current);
});

test.each([
  [undefined, { kind: 'whole' }],
  ['bytes=0-99', { kind: 'range', start: 0, end: 99 }],
  ['bytes=500-', { kind: 'range', start: 500, end: 999 }],
  ['bytes=-100', { kind: 'range', start: 900, end: 999 }],
  ['bytes=900-5000', { kind: 'range', start: 900, end: 999 }],
  ['bytes=1000-', { kind: 'unsatisfiable' }],
  ['bytes=5-1', { kind: 'unsatisfiable' }],
  ['bytes=-0', { kind: 'unsatisfiable' }],
  ['bytes=0-1,5-6', { kind: 'whole' }],
  ['items=0-1', { kind: 'whole' }],
  ['bytes=abc', { kind: 'whole' }],
  // A suffix longer than the file is the whole file (RFC 9110, 14.1.2).
  ['bytes=-5000', { kind: 'range', start: 0, end: 999 }],
  // Range units are case-insensitive.
  ['Bytes=0-9', { kind: 'range', start: 0, end: 9 }],
  // Adjacent and overlapping ranges are one range.
  ['bytes=0-9,10-19', { kind: 'range', start: 0, end: 19 }],
  ['bytes=0-49, 20-99', { kind: 'range', start: 0, end: 99 }],
  // Ranges that do not overlap the file are dropped; none left is 416.
  ['bytes=0-9,2000-3000', { kind: 'range', start: 0, end: 9 }],
  ['bytes=1000-,2000-3000', { kind: 'unsatisfiable' }],
])('Range %s of a 1000-byte file', (range, expected) => {
  expect(requestedRange({ range }, 1000, ETAG)).toEqual(expected);
});

test('an empty file has no satisfiable range, not even a suffix', () => {
  expect(requestedRange({ range: 'bytes=-5' }, 0, ETAG)).toEqual({ kind: 'unsatisfiable' });
});

test('If-Range: the range is served for our ETag, the whole file for any other validator', () => {
  const range = 'bytes=10-19';
  expect(requestedRange({ range, 'if-range': ETAG }, 1000, ETAG)).toEqual({
    kind: 'range',
    start: 10,
    end: 19,
  });
  expect(requestedRange({ range, 'if-range': '"other"' }, 1000, ETAG)).toEqual({ kind: 'whole' });
  // If-Range compares strongly: a weak tag never matches, nor a date (we send no Last-Modified).
  expect(requestedRange({ range, 'if-range': `W/${ETAG}` }, 1000, ETAG)).toEqual({ kind: 'whole' });
  expect(requestedRange({ range, 'if-range': new Date().toUTCString() }, 1000, ETAG)).toEqual({
    kind: 'whole',
  });
});
