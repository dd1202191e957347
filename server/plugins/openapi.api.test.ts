import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openApiRoutes } from '#shared/contracts/openapi';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { API_TOKEN_ROUTES } from './api-token-rules';

let t: TestApp;
const registered: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
    },
  });
});
afterAll(() => t?.close());

interface Operation {
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

async function openApiDocument(): Promise<Document> {
  const response = await t.call(openApiRoutes.document);
  expect(response.status, response.text).toBe(200);
  return response.json as Document;
}

/** Fastify's `/api/documents/:id` as OpenAPI writes it: `/api/documents/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

test('/api/openapi.json is a valid OpenAPI 3.1 document, by a kept validator', async () => {
  const document = await openApiDocument();
  expect(document.openapi).toBe('3.1.0');
  const result = await new Validator().validate(
    structuredClone(document) as Parameters<Validator['validate']>[0],
  );
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
});

test('every /api route is described, with each status its schemas declare and the platform answers', async () => {
  const document = await openApiDocument();
  const routes = registered.filter(
    (route) =>
      route.split(' ')[1]?.startsWith('/api/') && !route.startsWith('HEAD ') && !route.startsWith('OPTIONS '),
  );
  expect(routes.length).toBeGreaterThan(60);
  for (const route of routes) {
    const [method = '', url = ''] = route.split(' ');
    const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
    expect(operation, `${route} is in the document`).toBeDefined();
    if (!operation) continue;
    // Every route can fail on the server, and every answer carries a description.
    expect(Object.keys(operation.responses), route).toContain('500');
    for (const [status, response] of Object.entries(operation.responses)) {
      expect(response.description, `${route} ${status} has a description`).toBeTruthy();
    }
    for (const parameter of url.match(/:([A-Za-z]+)/g) ?? []) {
      expect(
        operation.parameters?.some((declared) => declared.in === 'path' && `:${declared.name}` === parameter),
        `${route} describes its ${parameter} parameter`,
      ).toBe(true);
    }
  }
});

test('an error answer is described in the shared shape, with an example', async () => {
  const document = await openApiDocument();
  const notFound = document.paths['/api/invites/{id}']?.delete?.responses['404'];
  const json = notFound?.content?.['application/json'] as {
    schema: { properties?: Record<string, unknown> };
    examples?: Record<string, { value: unknown }>;
  };
  expect(Object.keys(json.schema.properties ?? {})).toEqual(expect.arrayContaining(['error', 'message']));
  expect(Object.values(json.examples ?? {})[0]?.value).toMatchObject({ error: 'validation_error' });
});

test('each route says who may call it: an API token scope, the session only, or anyone', async () => {
  const document = await openApiDocument();
  const accessLog = document.paths['/api/admin/recent-access']?.get;
  expect(accessLog?.tags).toEqual(['Analytics and access log']);
  expect(accessLog?.security).toEqual([{ apiToken: [] }, { session: [] }]);
  expect(Object.keys(accessLog?.responses ?? {})).toEqual(
    expect.arrayContaining(['200', '401', '403', '429']),
  );
  const tokens = document.paths['/api/my-data-room/api-tokens']?.post;
  expect(tokens?.security).toEqual([{ session: [] }]);
  expect(tokens?.requestBody).toBeDefined();
  expect(document.paths['/api/health']?.get?.security).toEqual([]);
});

test('answers are described: the access log with an example, a CSV export as text/csv, each status in words', async () => {
  const document = await openApiDocument();
  const accessLog = document.paths['/api/admin/recent-access']?.get?.responses['200']?.content?.[
    'application/json'
  ] as { example?: unknown };
  expect(accessLog.example).toEqual([
    expect.objectContaining({ userName: 'Ivy Investor', actionType: 'viewed' }),
  ]);
  const csv = document.paths['/api/admin/exports/access-log.csv']?.get?.responses;
  expect(Object.keys(csv?.['200']?.content ?? {})).toEqual(['text/csv']);
  expect(Object.keys(csv?.['404']?.content ?? {})).toEqual(['application/json']);
  expect(document.paths['/api/admin/analytics']?.get?.responses['401']?.description).toMatch(/API token/);
});

test('every JSON answer of the routes API tokens may call carries an example', async () => {
  const document = await openApiDocument();
  const missing: string[] = [];
  for (const [route, scope] of Object.entries(API_TOKEN_ROUTES)) {
    const [method = '', url = ''] = route.split(' ');
    if (url === '/api/openapi.json') continue;
    const responses = document.paths[openApiPath(url)]?.[method.toLowerCase()]?.responses ?? {};
    for (const [status, response] of Object.entries(responses)) {
      const json = response.content?.['application/json'] as
        | { example?: unknown; examples?: unknown }
        | undefined;
      if (json && json.example === undefined && json.examples === undefined)
        missing.push(`${route} ${status} (${scope})`);
    }
  }
  expect(missing).toEqual([]);
});
