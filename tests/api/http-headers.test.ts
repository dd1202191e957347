import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountRoutes } from '#shared/contracts/accounts';
import { authRoutes } from '#shared/contracts/auth';
import { createFounder, type SignedIn, uniquePdf, uploadFile } from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The HTTP header grammar the server reads and writes through kept libraries (cookie,
 * content-disposition, fresh, range-parser): the RFC cases a hand-written parser tends to miss.
 */

let t: TestApp;
let founder: SignedIn;
let url: string;
let documentId: string;
const PDF = uniquePdf();

beforeAll(async () => {
  t = await startTestApp();
  founder = await createFounder(t);
  const uploaded = await uploadFile(t, founder, { name: 'Résumé équipe.pdf', bytes: PDF });
  expect(uploaded.status, uploaded.text).toBe(201);
  const body = uploaded.json as { document: { id: string }; url: string };
  url = body.url;
  documentId = body.document.id;
});
afterAll(() => t.close());

const download = (headers: Record<string, string>) =>
  t.request('GET', url, { headers: { ...founder.auth, ...headers } });
const downloadsLogged = async () =>
  (
    await t.app.database.db
      .selectFrom('access_events')
      .select('id')
      .where('document_id', '=', documentId)
      .execute()
  ).length;

describe('If-None-Match (RFC 9110, 13.1.2)', () => {
  test('a list holding the ETag, its weak form, or * is 304 with the ETag and nothing logged', async () => {
    const etag = (await download({ range: 'bytes=0-0' })).headers.get('etag') ?? '';
    const logged = await downloadsLogged();
    for (const ifNoneMatch of [`"stale", ${etag}`, `W/${etag}`, `W/"stale", W/${etag}`, '*']) {
      const response = await download({ 'if-none-match': ifNoneMatch });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.text).toBe('');
    }
    expect(await downloadsLogged()).toBe(logged);
  });

  test('If-None-Match without the ETag wins over a later If-Modified-Since: the file is sent', async () => {
    const response = await download({
      'if-none-match': '"stale"',
      'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString(),
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe(PDF.toString());
  });
});

describe('Range (RFC 9110, 14)', () => {
  test('adjacent ranges are one 206; a set none of which overlaps the file is 416', async () => {
    const joined = await download({ range: 'bytes=0-4,5-9' });
    expect(joined.status).toBe(206);
    expect(joined.headers.get('content-range')).toBe(`bytes 0-9/${PDF.length}`);
    expect(joined.text).toBe(PDF.subarray(0, 10).toString());

    const beyond = await download({ range: `bytes=${PDF.length}-,${PDF.length + 10}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${PDF.length}`);
  });

  test('the range unit is case-insensitive, and a suffix longer than the file is all of it', async () => {
    const upper = await download({ range: 'Bytes=0-3' });
    expect(upper.status).toBe(206);
    expect(upper.text).toBe('%PDF');
    const suffix = await download({ range: `bytes=-${PDF.length * 2}` });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes 0-${PDF.length - 1}/${PDF.length}`);
  });

  test('If-Range with another validator gets the whole file; with our ETag, the range', async () => {
    const etag = (await download({})).headers.get('etag') ?? '';
    const stale = await download({ range: 'bytes=4-', 'if-range': '"another-file"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('content-range')).toBeNull();
    expect(stale.text).toBe(PDF.toString());
    const current = await download({ range: 'bytes=4-', 'if-range': etag });
    expect(current.status).toBe(206);
    expect(current.text).toBe(PDF.subarray(4).toString());
  });
});

test('Content-Disposition names an accented file exactly, and readably for a client that ignores filename*', async () => {
  const response = await download({});
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="Resume equipe.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%C3%A9quipe.pdf`,
  );
});

describe('the session cookie', () => {
  test('is set and cleared with the attributes the browser needs', async () => {
    const signUp = await t.call(accountRoutes.completeSetup, {
      body: { name: 'Cookie Founder', email: `cookie-${Date.now()}@example.com`, companyName: 'Cookie Co' },
    });
    expect(signUp.headers.get('set-cookie')).toMatch(
      /^rr_session=[A-Za-z0-9_-]{43}; Path=\/; Expires=[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} [\d:]{8} GMT; HttpOnly; SameSite=Lax$/,
    );
  });

  test('is read however the client quotes or percent-encodes it, and among malformed pairs', async () => {
    const encoded = `%${founder.token.charCodeAt(0).toString(16)}${founder.token.slice(1)}`;
    for (const cookie of [
      `rr_session="${founder.token}"`,
      `theme="dark; mode"; rr_session=${founder.token}`,
      `junk; =orphan; rr_session=${founder.token}; rr_session=second-wins-not`,
      `rr_session=${encoded}`,
    ]) {
      const me = await t.call(authRoutes.me, { headers: { cookie } });
      expect(me.status, cookie).toBe(200);
    }
  });
});
