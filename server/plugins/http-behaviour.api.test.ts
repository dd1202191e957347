import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/contracts/api-error';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { HttpError } from './errors';

// A probe route exercises the error handler the way a feature route would.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test-probe',
    {
      schema: {
        body: z.strictObject({
          email: z.email(),
          profile: z.object({ name: z.string().min(1).max(20) }),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get(
    '/api/test-probe/conflict',
    { schema: { response: { 409: apiErrorSchema.extend({ shouldLogin: z.boolean() }) } } },
    async () => {
      throw new HttpError(409, 'already_exists', 'That thing already exists.', { shouldLogin: true });
    },
  );
  app.get('/api/test-probe/crash', async () => {
    throw new Error('secret internals: password=hunter2 at /srv/app/db.ts:42');
  });
};

let webRoot: string;
let t: TestApp;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({
    webRoot,
    extend: async (app) => {
      await app.register(probeRoutes);
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('errors have one JSON shape', () => {
  test('a field that fails validation is named in a 400', async () => {
    const response = await t.request('POST', '/api/test-probe', {
      json: { email: 'not-an-email', profile: { name: 'Ann' } },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'invalid_request',
      message: expect.stringMatching(/^email: /),
      field: 'email',
    });
  });

  test('a nested field is named by its path', async () => {
    const response = await t.request('POST', '/api/test-probe', {
      json: { email: 'ann@example.com', profile: { name: 'x'.repeat(21) } },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_request', field: 'profile.name' });
  });

  test('an unexpected extra field is refused', async () => {
    const response = await t.request('POST', '/api/test-probe', {
      json: { email: 'ann@example.com', profile: { name: 'Ann' }, isAdmin: true },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'invalid_request',
      message: 'Unexpected field: isAdmin',
      field: 'isAdmin',
    });
  });

  test('malformed JSON is a 400 that says so', async () => {
    const response = await t.request('POST', '/api/test-probe', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  test('a body that is not an object names the body', async () => {
    const response = await t.request('POST', '/api/test-probe', { json: [1, 2] });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'invalid_request',
      message: 'The request body must be a JSON object.',
      field: 'body',
    });
  });

  test('a body over the limit is a 413', async () => {
    const response = await t.request('POST', '/api/test-probe', {
      body: JSON.stringify({ email: 'a@b.co', profile: { name: 'x'.repeat(2 * 1024 * 1024) } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ error: 'payload_too_large', message: 'The request body is too large.' });
  });

  test('an unsupported content type is a 415', async () => {
    const response = await t.request('POST', '/api/test-probe', {
      body: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.json).toMatchObject({ error: 'unsupported_media_type' });
  });

  test('a deliberate HttpError keeps its status, code, message and extra fields', async () => {
    const response = await t.request('GET', '/api/test-probe/conflict');
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      error: 'already_exists',
      message: 'That thing already exists.',
      shouldLogin: true,
    });
  });

  test('a crash answers a generic 500 that reveals nothing of the internals', async () => {
    const response = await t.request('GET', '/api/test-probe/crash');
    expect(response.status).toBe(500);
    expect(response.json).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.text).not.toMatch(/hunter2|db\.ts|secret/);
  });

  test('an unknown API path is the JSON 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await t.request(method, '/api/no-such-thing?x=1');
      expect(response.status).toBe(404);
      expect(response.json).toEqual({
        error: 'not_found',
        message: `There is no API route ${method} /api/no-such-thing.`,
      });
    }
  });
});

describe('security headers', () => {
  test('every response carries a CSP without inline scripts, nosniff, no framing and no referrer', async () => {
    for (const urlPath of ['/api/health', '/', '/some/unknown/path']) {
      const response = await t.request('GET', urlPath);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  test('no HSTS while APP_URL is plain http', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  test('HSTS once APP_URL is https', async () => {
    const secure = await startTestApp({ environment: { APP_URL: 'https://rooms.example.com' } });
    try {
      const response = await secure.request('GET', '/api/health');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('the built web app', () => {
  test.each(['/', '/docs', '/demo', '/support', '/privacy', '/terms'])(
    'the page route %s answers index.html, revalidated on every visit',
    async (urlPath) => {
      const response = await t.request('GET', urlPath);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.text).toContain('<div id="root">');
    },
  );

  test('any other path answers the same page with status 404', async () => {
    const response = await t.request('GET', '/some/unknown/path');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<div id="root">');
  });

  test('hashed assets are cached for a year; other files revalidate', async () => {
    const asset = await t.request('GET', '/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const favicon = await t.request('GET', '/favicon.svg');
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
  });

  test('a missing asset is a 404, not the page', async () => {
    const response = await t.request('GET', '/assets/gone-000000.js');
    expect(response.status).toBe(404);
  });

  test('a path that climbs out of the web root reaches nothing', async () => {
    const response = await t.request('GET', '/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('root:');
  });
});
