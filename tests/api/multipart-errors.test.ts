import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { createFounder, type SignedIn } from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { type RequestOptions, startTestApp, type TestApp } from '#tests/support/test-app';
import { MULTIPART_BOUNDARY, multipartBody, SAMPLE_FILES } from '#tests/support/uploads';

/**
 * Multipart bodies the parser cannot read, or reads and refuses, beyond those of hostile-uploads: each is
 * a 400 in the one error shape that says what is wrong, with nothing written (not a 500, not a 406 in
 * the parser's words).
 */

let t: TestApp;
let founder: SignedIn;
beforeAll(async () => {
  t = await startTestApp();
  founder = await createFounder(t);
});
afterAll(() => t.close());

const pdf = { name: 'file', filename: 'deck.pdf', contentType: 'application/pdf', content: SAMPLE_FILES.pdf };
const send = (options: RequestOptions) =>
  t.request('POST', apiPath(documentRoutes.upload), {
    ...options,
    headers: { ...options.headers, ...founder.auth },
  });
const withBoundary = (boundary: string) => {
  const { body } = multipartBody([pdf]);
  return send({
    body: body.toString('latin1').replaceAll(MULTIPART_BOUNDARY, boundary),
    headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
  });
};

test.each([
  ['an empty boundary', () => withBoundary(''), /names no boundary/],
  [
    'a boundary longer than the parser reads',
    () => withBoundary('b'.repeat(300)),
    /300 characters long; RFC 2046/,
  ],
])('%s: 400 invalid_multipart, nothing written', async (_name, request, message) => {
  const before = await writtenState(t);
  expectRefusal(await request(), 400, { error: 'invalid_multipart', message, field: 'body' });
  await expectNothingWritten(t, before);
});

test('a boundary of 71 to 256 characters, beyond RFC 2046 but readable, is still accepted', async () => {
  const response = await withBoundary('c'.repeat(100));
  expect(response.status, response.text).toBe(201);
});

test('a title part declared application/json that is not JSON: 400 naming the fields, nothing written', async () => {
  const before = await writtenState(t);
  const response = await send(
    multipartBody([{ name: 'title', contentType: 'application/json', content: '{not json' }, pdf]),
  );
  expectRefusal(response, 400, { error: 'invalid_request', message: /not valid JSON; title and section/ });
  await expectNothingWritten(t, before);
});
