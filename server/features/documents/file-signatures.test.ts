import { expect, test } from 'vitest';
import { SAMPLE_FILES } from '#tests/support/uploads';
import { contentMatchesExtension, mimeTypeFor } from './file-signatures';

/** A zip's first local header with its `mimetype` entry stored first, as an OpenDocument file starts. */
function odtHead(mimeType: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE('mimetype'.length, 26);
  return Buffer.concat([header, Buffer.from('mimetype'), Buffer.from(mimeType), Buffer.from('PK\x03\x04')]);
}

test.each([
  ['pdf', SAMPLE_FILES.pdf, true],
  ['pdf', SAMPLE_FILES.html, false],
  ['png', SAMPLE_FILES.png, true],
  ['png', SAMPLE_FILES.pdf, false],
  ['xlsx', SAMPLE_FILES.xlsx, true],
  ['docx', Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0]), true],
  ['webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 '), true],
  ['avi', Buffer.from('RIFF\0\0\0\0WEBPVP8 '), false],
  ['mov', Buffer.from('\0\0\0\x14ftypqt  '), true],
  ['gif', Buffer.from('GIF89a'), true],
  ['gif', Buffer.from('GIF8'), false],
  ['csv', Buffer.from('a,b\n1,2\n'), true],
  ['txt', Buffer.from([0x68, 0x00, 0x69]), false],
  ['odt', odtHead('application/vnd.oasis.opendocument.text'), true],
  // A zip, but a spreadsheet's, or a Word file's renamed: not an OpenDocument text.
  ['odt', odtHead('application/vnd.oasis.opendocument.spreadsheet'), false],
  // Writer/Web's HTML document, which Writer's filters do not read.
  ['odt', odtHead('application/vnd.oasis.opendocument.text-web'), false],
  ['odt', SAMPLE_FILES.xlsx, false],
  ['rtf', Buffer.from('{\\rtf1\\ansi Hello}'), true],
  ['rtf', Buffer.from('Hello, not RTF'), false],
] as const)('a .%s whose first bytes are %j: %s', (extension, head, matches) => {
  expect(contentMatchesExtension(extension, head)).toBe(matches);
});

test('files are served with the type of their extension', () => {
  expect(mimeTypeFor('pdf')).toBe('application/pdf');
  expect(mimeTypeFor('md')).toBe('text/markdown; charset=utf-8');
  expect(mimeTypeFor('7z')).toBe('application/x-7z-compressed');
});
