import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiRoute } from '#shared/contracts/api-route';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The routes shared/contracts declares (docs/decisions/0065-query-keys-and-api-routes.md) are the routes
 * the server registers: each declaration's method and path, parameters named alike. The web app and the
 * typed client build every URL from these declarations, so a route the server renames or drops fails
 * here rather than in a browser.
 */
const CONTRACTS = path.resolve('shared/contracts');

function isApiRoute(value: unknown): value is ApiRoute {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiRoute).method === 'string' &&
    typeof (value as ApiRoute).path === 'string'
  );
}

/** Every `<area>Routes` object every contract file exports, as "<file>.<table>.<name>" -> route. */
async function declaredRoutes(): Promise<Map<string, ApiRoute>> {
  const declared = new Map<string, ApiRoute>();
  const files = fs
    .readdirSync(CONTRACTS)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const contract = (await import(path.join(CONTRACTS, file))) as Record<string, unknown>;
    for (const [table, routes] of Object.entries(contract)) {
      if (!table.endsWith('Routes') || typeof routes !== 'object' || routes === null) continue;
      for (const [name, route] of Object.entries(routes)) {
        if (!isApiRoute(route)) throw new Error(`${file}: ${table}.${name} is not a route declaration`);
        declared.set(`${file}: ${table}.${name}`, route);
      }
    }
  }
  return declared;
}

const registered = new Set<string>();
let declared: Map<string, ApiRoute>;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
    },
  });
  declared = await declaredRoutes();
});
afterAll(() => t.close());

const unregistered = (routes: Iterable<[string, ApiRoute]>) =>
  [...routes]
    .filter(([, route]) => !registered.has(`${route.method} ${route.path}`))
    .map(([name, route]) => `${name}: ${route.method} ${route.path}`);

describe('the API routes shared/contracts declares', () => {
  test('every contract file that holds a route table is read, and the tables are not empty', () => {
    const tables = new Set([...declared.keys()].map((name) => name.split('.')[0]));
    expect(tables.size).toBeGreaterThanOrEqual(15);
    expect(declared.size).toBeGreaterThanOrEqual(90);
  });

  test('each is registered by the server with its method and path', () => {
    expect(unregistered(declared)).toEqual([]);
  });

  test('no two declarations name the same route', () => {
    const keys = [...declared.values()].map((route) => `${route.method} ${route.path}`);
    const twice = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(twice).toEqual([]);
  });

  test('a renamed path, a parameter named otherwise or another method is not registered, and so fails', () => {
    expect(
      unregistered([
        ['renamed', { method: 'GET', path: '/api/my-document' }],
        ['parameter', { method: 'GET', path: '/api/documents/:documentId/preview' }],
        ['method', { method: 'DELETE', path: '/api/my-documents' }],
      ]),
    ).toHaveLength(3);
  });
});

/** The web app's source files (tests may name the URLs they expect). */
function webSources(folder = path.resolve('web')): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return webSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the web app', () => {
  test('writes no /api path by hand: every URL comes from a declared route', () => {
    const handWritten = webSources().flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${path.relative(process.cwd(), file)}:${index + 1}` }))
        // Comments may name a route; code may not.
        .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line) && /['"`]\/api\//.test(line))
        .map(({ at }) => at),
    );
    expect(handWritten).toEqual([]);
  });
});
