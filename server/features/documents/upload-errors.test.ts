import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpError } from '#server/plugins/errors';
import { ObjectTooLargeError } from '#server/storage/storage';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import { translateUploadError } from './upload-errors';

const app = Fastify();
beforeAll(async () => {
  await app.register(multipart);
  await app.ready();
});
afterAll(() => app.close());

const answer = (error: unknown) => {
  const translated = translateUploadError(error, app.multipartErrors, MAX_UPLOAD_BYTES);
  return translated instanceof HttpError ? [translated.statusCode, translated.code] : translated;
};

test("each of @fastify/multipart's error classes is answered in our words", () => {
  const errors = app.multipartErrors;
  expect(answer(new errors.RequestFileTooLargeError())).toEqual([413, 'file_too_large']);
  expect(answer(new ObjectTooLargeError('over'))).toEqual([413, 'file_too_large']);
  expect(answer(new errors.FilesLimitError())).toEqual([400, 'too_many_files']);
  expect(answer(new errors.FieldsLimitError())).toEqual([400, 'invalid_request']);
  expect(answer(new errors.PartsLimitError())).toEqual([400, 'invalid_request']);
  expect(answer(new errors.PrototypeViolationError())).toEqual([400, 'invalid_request']);
  expect(answer(new errors.PrematureCloseError())).toEqual([400, 'invalid_multipart']);
  expect(answer(new errors.InvalidMultipartContentTypeError())).toEqual([400, 'invalid_request']);
});

test("busboy's classless end-of-body errors are the body's fault; any other error is left as it is", () => {
  expect(answer(new Error('Unexpected end of multipart data'))).toEqual([400, 'invalid_multipart']);
  expect(answer(new Error('Part terminated early due to unexpected end of multipart data'))).toEqual([
    400,
    'invalid_multipart',
  ]);
  const diskFull = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  expect(translateUploadError(diskFull, app.multipartErrors, MAX_UPLOAD_BYTES)).toBe(diskFull);
  const notOurs = new Error('Multipart: Boundary not found');
  expect(translateUploadError(notOurs, app.multipartErrors, MAX_UPLOAD_BYTES)).toBe(notOurs);
});
