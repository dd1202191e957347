import type { RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { HttpError } from '#server/plugins/errors';
import { errorResponses } from '#server/plugins/response-contracts';
import { roomRoutes } from '#shared/contracts/rooms';
import { parseSectionsMarkdown } from '#shared/sections-markdown';
import { createFounder, founderWithInvestor } from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Every /api route declares each status it answers (ADR 31). API tests run with the check on: an
 * undeclared status, a field the schema would drop, or JSON that skipped the serializer answers a 500
 * naming it, so the whole API suite, on both dialects, checks the answers it provokes. These probes
 * prove the check itself; the table below checks what every route declares.
 */
const probes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/contract-probe/undeclared', { schema: { response: { 200: z.object({}) } } }, async () => {
    throw new HttpError(404, 'not_found', 'Nothing here.');
  });
  app.get('/api/contract-probe/declared', { schema: { response: errorResponses(404) } }, async () => {
    throw new HttpError(404, 'not_found', 'Nothing here.');
  });
  app.get('/api/contract-probe/extra-field', { schema: { response: errorResponses(409) } }, async () => {
    throw new HttpError(409, 'taken', 'Taken.', { ownerCompany: 'Secret Co' });
  });
  app.get(
    '/api/contract-probe/hand-written',
    { schema: { response: { 200: z.object({ content: z.string() }) } } },
    async (_request, reply) => reply.type('application/json').send('{"content":"x"}' as never),
  );
};

const routes: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    onRoute: (route) => routes.push(route),
    extend: async (app) => {
      await app.register(probes);
    },
  });
});
afterAll(() => t.close());

describe('the check API tests run with', () => {
  test('a status the route does not declare answers a 500 that names it', async () => {
    const response = await t.request('GET', '/api/contract-probe/undeclared');
    expect(response.status).toBe(500);
    // The 404 was already an error reply, so Fastify's own fallback sends this one: the message is ours.
    expect(response.json).toMatchObject({
      message:
        'GET /api/contract-probe/undeclared answered 404, a status its response schemas do not declare',
    });
  });

  test('a declared status passes as it is', async () => {
    const response = await t.request('GET', '/api/contract-probe/declared');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: 'not_found', message: 'Nothing here.' });
  });

  test('a field the declared schema would silently drop answers a 500 that names it', async () => {
    const response = await t.request('GET', '/api/contract-probe/extra-field');
    expect(response.status).toBe(500);
    expect((response.json as { message: string }).message).toMatch(/answered 409 with ownerCompany/);
  });

  test('JSON written by hand, past the serializer, answers a 500', async () => {
    const response = await t.request('GET', '/api/contract-probe/hand-written');
    expect(response.status).toBe(500);
    expect((response.json as { message: string }).message).toMatch(/JSON its serializer did not write/);
  });
});

describe('what every /api route declares', () => {
  const apiRoutes = () =>
    routes.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/contract-probe'));
  const responsesOf = (route: RouteOptions) =>
    (route.schema?.response ?? {}) as Record<string, z.ZodType | undefined>;
  const methodsOf = (route: RouteOptions) => [route.method].flat();

  test('a success status, and 500, on every route', () => {
    expect(apiRoutes().length).toBeGreaterThan(30);
    for (const route of apiRoutes()) {
      const statuses = Object.keys(responsesOf(route)).map(Number);
      expect(
        statuses.some((status) => status >= 200 && status < 400),
        route.url,
      ).toBe(true);
      expect(statuses, route.url).toContain(500);
    }
  });

  test('every error status in the shared error shape (extended where a route adds fields)', () => {
    for (const route of apiRoutes()) {
      for (const [status, schema] of Object.entries(responsesOf(route))) {
        // The health check answers 503 in its own shape (load balancers read it).
        if (Number(status) < 400 || route.url === '/api/health') continue;
        expect(schema, `${route.url} ${status}`).toBeInstanceOf(z.ZodObject);
        // The shared schema, or an extension of it with fields of the route's own (a line, a version).
        expect(Object.keys((schema as z.ZodObject).shape), `${route.url} ${status}`).toEqual(
          expect.arrayContaining(['error', 'message']),
        );
      }
    }
  });

  test('writes declare the Origin check’s 403 and the body parser’s 400, 413 and 415', () => {
    for (const route of apiRoutes().filter((candidate) =>
      methodsOf(candidate).some((method) => ['POST', 'DELETE'].includes(method)),
    )) {
      expect(Object.keys(responsesOf(route)).map(Number), route.url).toEqual(
        expect.arrayContaining([400, 403, 413, 415]),
      );
    }
  });

  test('rate-limited routes declare 429', () => {
    const limited = apiRoutes().filter((route) => (route.config as { rateLimit?: unknown })?.rateLimit);
    expect(limited.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/auth/magic-link', '/api/complete-account-setup', '/api/waitlist']),
    );
    for (const route of limited) expect(Object.keys(responsesOf(route)), route.url).toContain('429');
  });
});

describe('the sections a member reads go through their serializer, written once per version', () => {
  test('the answer is the declared shape, and a saved change is seen at once', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const room = (await t.call(roomRoutes.mine, { as: founder })).json;
    const read = () => t.call(roomRoutes.sections, { params: { id: room.id }, as: investor });
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(first.json as object)).toEqual(['content', 'sections']);
    expect(await read()).toMatchObject({ text: first.text });

    const content = '## Changed\nNew text.\n';
    const saved = await t.call(roomRoutes.saveSections, { body: { content }, as: founder });
    expect(saved.status).toBe(200);
    expect((await read()).json).toEqual({ content, sections: parseSectionsMarkdown(content).sections });
  });

  test('another founder still gets the declared 404', async () => {
    const { founder } = await founderWithInvestor(t);
    const other = await createFounder(t);
    const room = (await t.call(roomRoutes.mine, { as: founder })).json;
    const response = await t.call(roomRoutes.sections, { params: { id: room.id }, as: other });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ error: 'not_found' });
  });
});
