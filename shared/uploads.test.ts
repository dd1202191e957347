import { expect, test } from 'vitest';
import { detectFileType, fileTypeFromName } from './file-types';
import { isAllowedUploadExtension, UPLOAD_EXTENSIONS, UPLOAD_TYPES, uploadTypeOf } from './uploads';

test('each upload type is one row: a unique lower-case extension', () => {
  expect(new Set(UPLOAD_EXTENSIONS).size).toBe(UPLOAD_TYPES.length);
  for (const extension of UPLOAD_EXTENSIONS) expect(extension).toMatch(/^[a-z0-9]+$/);
});

test('a file, an uploaded link and the upload check all read the kind from the same row', () => {
  for (const type of UPLOAD_TYPES) {
    expect(isAllowedUploadExtension(type.extension)).toBe(true);
    expect(fileTypeFromName(`Q3 report.${type.extension.toUpperCase()}`)).toBe(type.fileType);
    expect(detectFileType(`https://example.com/files/report.${type.extension}`)).toBe(type.fileType);
    expect(uploadTypeOf(type.extension)).toBe(type);
  }
  expect(isAllowedUploadExtension('exe')).toBe(false);
  expect(uploadTypeOf('html')).toBeUndefined();
});
