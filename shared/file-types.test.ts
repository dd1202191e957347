import { expect, test } from 'vitest';
import { apiPath } from './contracts/api-route';
import { documentRoutes } from './contracts/documents';
import { detectFileType, extensionOf } from './file-types';

test.each([
  ['https://example.com/deck.pdf', 'pdf'],
  ['https://example.com/Model.XLSX', 'excel'],
  ['https://example.com/old.xls?dl=1', 'excel'],
  ['https://example.com/memo.docx#page=2', 'word'],
  ['https://example.com/memo.doc', 'word'],
  ['https://example.com/pitch.pptx', 'powerpoint'],
  ['https://example.com/pitch.ppt', 'powerpoint'],
  ['https://example.com/kpis.csv', 'csv'],
  ['https://example.com/notes.txt', 'text'],
  ['https://example.com/photo.jpeg', 'image'],
  ['https://example.com/logo.png', 'image'],
  ['https://example.com/demo.mov', 'video'],
  ['https://example.com/data.7z', 'archive'],
  ['https://docs.google.com/spreadsheets/d/abc/edit', 'google-sheets'],
  ['https://docs.google.com/document/d/abc/edit', 'google-docs'],
  ['https://docs.google.com/presentation/d/abc/edit', 'google-slides'],
  ['https://drive.google.com/file/d/abc/view', 'google-drive'],
  ['https://sites.google.com/view/acme', 'google'],
  ['https://www.dropbox.com/s/abc/model.xlsx?dl=0', 'dropbox'],
  ['https://onedrive.live.com/?id=abc', 'onedrive'],
  ['https://acme.sharepoint.com/:x:/r/sites/x/model.xlsx', 'onedrive'],
  ['https://app.box.com/s/abc', 'box'],
  ['https://example.com/page', 'file'],
  ['https://notgoogle.com/deck', 'file'],
  ['https://example.com/archive.tar.gz', 'file'],
  ['https://example.com/a%20file.pdf', 'pdf'],
  // A malformed escape is a valid URL for the parser but not for decodeURIComponent: no crash.
  ['https://example.com/%E0%A4%A.pdf', 'pdf'],
  ['https://example.com/100%.xlsx', 'excel'],
])('%s is %s', (url, type) => {
  expect(detectFileType(url)).toBe(type);
});

test("an uploaded document's link has no extension: the title decides", () => {
  const url = apiPath(documentRoutes.download, { params: { id: '0d1f4b8e-8a0b-4d1c-9d5e-2f1f6a0c3b7a' } });
  expect(detectFileType(url, 'Cap table.xlsx')).toBe('excel');
  expect(detectFileType(url, 'Untitled')).toBe('file');
});

test('a host that only ends like a known one is not it', () => {
  expect(detectFileType('https://evilbox.com/x.pdf')).toBe('pdf');
  expect(detectFileType('https://dropbox.com.evil.example/x')).toBe('file');
});

test('extensions come from the last path segment only', () => {
  expect(extensionOf('/a.b/c')).toBe('');
  expect(extensionOf('.env')).toBe('');
  expect(extensionOf('Report.Final.PDF')).toBe('pdf');
});
