import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { noBody } from '#shared/contracts/answers';
import { apiErrorSchema } from '#shared/contracts/api-error';
import { apiRoute } from '#shared/contracts/api-route';
import { authRoutes, verifyRequestSchema } from '#shared/contracts/auth';
import { ndaRequiredResponseSchema } from '#shared/contracts/nda';
import { readingRoutes } from '#shared/contracts/reading';
import { routeSchema } from './contract-routes';

/**
 * Each route's path and schemas are written once, in shared/contracts, and the server registers them
 * from there (docs/decisions/0080-routes-declared-once.md): a route file names its route by its
 * declaration and writes no `/api/...` path of its own.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The `/api...` string literals of a source, by line, leaving out comments. */
function apiPathLiterals(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .flatMap((line) => line.match(/(['"`])\/api(\/[^'"`]*)?\1/g) ?? []);
}

function routeFiles(folder = path.join(ROOT, 'server')): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return routeFiles(file);
    return entry.name.endsWith('.routes.ts') ? [path.relative(ROOT, file)] : [];
  });
}

describe('the server route files', () => {
  const files = routeFiles();

  test('are found: every feature that serves routes has one', () => {
    expect(files.length).toBeGreaterThanOrEqual(19);
  });

  test('write no /api path: each comes from its declaration in shared/contracts', () => {
    const written = files.flatMap((file) =>
      apiPathLiterals(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((literal) => `${file}: ${literal}`),
    );
    expect(written).toEqual([]);
  });

  test('a path written in code is counted, in any quotes; one named in a comment is not', () => {
    const planted = [
      "app.get('/api/documents/:id', options, handler);",
      'app.post("/api/upload", options, handler);',
      'app.get(`/api/admin/exports/documents.csv`, options, handler);',
      '// GET /api/auth/me answers the signed-in user',
      " * '/api/auth/session' is read without a 401",
      "reply.redirect('/data-room');",
    ].join('\n');
    expect(apiPathLiterals(planted)).toEqual([
      "'/api/documents/:id'",
      '"/api/upload"',
      '`/api/admin/exports/documents.csv`',
    ]);
  });
});

describe('a declared route is registered with the schema its route file used to write', () => {
  test('params, query and body under their Fastify names, then the answer and each refusal in the error shape', () => {
    const schema = routeSchema(authRoutes.verify);
    expect(Object.keys(schema)).toEqual(['body', 'response']);
    expect(schema.body).toBe(verifyRequestSchema);
    const response = schema.response as Record<number, unknown>;
    expect(Object.keys(response)).toEqual(['200', '400', '409']);
    expect(response[200]).toBe(authRoutes.verify.answer);
    expect(response[400]).toBe(apiErrorSchema);
    expect(response[409]).toBe(authRoutes.verify.answers[409]);
  });

  test('an answer of its own replaces the refusal of its status (the NDA 403), and a second success status is kept', () => {
    const route = apiRoute('POST', '/api/example/:id', {
      params: z.object({ id: z.string() }),
      query: z.object({ q: z.string() }),
      answer: z.object({ ok: z.boolean() }),
      refusals: [401, 403, 404],
      answers: { 201: z.object({ ok: z.boolean() }), 403: ndaRequiredResponseSchema },
    });
    const schema = routeSchema(route);
    expect(Object.keys(schema)).toEqual(['params', 'querystring', 'response']);
    expect(schema.params).toBe(route.params);
    expect(schema.querystring).toBe(route.query);
    const response = schema.response as Record<number, unknown>;
    expect(Object.keys(response)).toEqual(['200', '201', '401', '403', '404']);
    expect(response[403]).toBe(ndaRequiredResponseSchema);
    expect(response[401]).toBe(apiErrorSchema);
  });

  test('a route with neither answer nor file answers its status without a body; a file answer is the file', () => {
    const report = routeSchema(readingRoutes.report).response as Record<number, unknown>;
    expect(report[204]).toBe(noBody);
    expect(report[200]).toBeUndefined();
    const file = z.unknown().describe('A file.');
    const download = routeSchema(
      apiRoute('GET', '/api/example.csv', { file, answer: z.object({}), refusals: [404] }),
    ).response as Record<number, unknown>;
    expect(download[200]).toBe(file);
  });
});
