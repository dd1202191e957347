import { expect, test } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import { UPLOAD_ACCEPT, uploadRefusal } from './upload-rules';

test('an allowed file within the limit may go', () => {
  expect(uploadRefusal({ name: 'Deck.PDF', size: 1200 })).toBeNull();
  expect(uploadRefusal({ name: 'model.v2.xlsx', size: MAX_UPLOAD_BYTES })).toBeNull();
});

test('a file over 50 MB is refused with its size and the limit', () => {
  expect(uploadRefusal({ name: 'video.mp4', size: MAX_UPLOAD_BYTES + 1 })).toBe(
    'The file is 50.0 MB; the most a single upload may be is 50 MB.',
  );
  expect(uploadRefusal({ name: 'huge.zip', size: 80 * 1024 * 1024 })).toMatch(/^The file is 80\.0 MB;/);
});

test('the limit the server sets (UPLOAD_MAX_MB) is the one checked and named', () => {
  const twoGigabytes = 2048 * 1024 * 1024;
  expect(uploadRefusal({ name: 'video.mp4', size: 80 * 1024 * 1024 }, twoGigabytes)).toBeNull();
  expect(uploadRefusal({ name: 'video.mp4', size: twoGigabytes + 1 }, twoGigabytes)).toMatch(
    /the most a single upload may be is 2048 MB\.$/,
  );
});

test('a type not allowed, or no extension, is refused naming it and the supported types', () => {
  expect(uploadRefusal({ name: 'setup.exe', size: 10 })).toMatch(
    /^\.exe files are not allowed\. Supported types: PDF, DOC,/,
  );
  expect(uploadRefusal({ name: 'README', size: 10 })).toMatch(/^Files without an extension are not allowed/);
});

test('an empty file is refused', () => {
  expect(uploadRefusal({ name: 'empty.txt', size: 0 })).toBe(
    'The file is empty: there is nothing to upload.',
  );
});

test('the picker accepts exactly the server’s list', () => {
  expect(UPLOAD_ACCEPT.split(',')).toContain('.pdf');
  expect(UPLOAD_ACCEPT.split(',')).toContain('.7z');
  expect(UPLOAD_ACCEPT.split(',')).not.toContain('.exe');
});
