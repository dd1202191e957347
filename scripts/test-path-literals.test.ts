import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import type { HttpClient } from '#tests/support/test-app';

/**
 * Tests call routes by their contract declarations, through `t.call(route, ...)` or `apiPath(route, ...)`
 * (docs/decisions/0086-tests-call-routes-by-contract.md), so a route's path is written once, in
 * shared/contracts. This counts the `/api/` path literals in test files: a file may hold none, unless
 * it is one of the few that must write a path by hand (DELIBERATE, each with its reason).
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * A quote, a backtick, the end of a template expression or a markdown link's `](` directly followed by
 * /api/ and more: a path written by hand, at the start of a string, after a base URL
 * (`${t.baseUrl}/api/upload`) or as a link in sections text (`[Deck](/api/documents/.../download)`). The
 * bare prefix (`url.startsWith('/api/')`, sorting the registered routes from the pages) names no route.
 */
const PATH_LITERAL = /(['"`]|\}|\]\()\/api\/(?!['"`])/g;

/** Files that must write paths by hand, and why. */
const DELIBERATE: Record<string, string> = {
  'tests/api/hostile-paths.test.ts': 'sends declared routes under hostile spellings no declaration holds',
  'tests/api/hostile-tokens-and-ids.test.ts':
    'sends hostile ids and tokens as written; apiPath would encode them',
  'tests/api/response-contracts.test.ts': 'calls probe routes the test itself registers, with no declaration',
  'server/plugins/http-behaviour.api.test.ts': 'registers its own probe routes and requests unknown paths',
  'tests/api/api-routes.test.ts': 'compares the declarations with the route table; its examples are patterns',
  'server/plugins/openapi.api.test.ts':
    'reads the OpenAPI document, whose keys are paths in its own {id} form',
  'server/plugins/request-log.test.ts': 'the URLs are the log lines whose secrets the logger redacts',
  'tests/api/request-log.test.ts': 'requests an encoded spelling of a path whose token the log must redact',
  'tests/api/server-process.test.ts': 'asserts the URL as the log line writes it, with its token redacted',
  'shared/contracts/api-route.test.ts': 'tests apiPath itself against the paths it must build',
  'scripts/test-path-literals.test.ts': 'plants path literals to prove this count finds them',
  'server/plugins/contract-routes.test.ts':
    'plants path literals to prove the count of the server route files finds them',
  'tests/e2e/not-found.spec.ts': 'requests a path no route declares, to see the JSON 404 the API answers',
  'tests/api/hostile-links.test.ts':
    'the links are sections text a founder types, in spellings apiPath never builds (upper case, a query)',
};

/** Every test file the repository holds: the tests/ tree, and *.test.* and *.spec.* files elsewhere. */
function testFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx|mts)$/.test(file))
    .filter((file) => file.startsWith('tests/') || /\.(test|spec)\.tsx?$/.test(file))
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
}

function countPathLiterals(text: string): number {
  return text.match(PATH_LITERAL)?.length ?? 0;
}

describe('tests name no /api/ path by hand', () => {
  test('the count finds a literal in single quotes, double quotes, a template and after a base URL, and nothing else', () => {
    expect(countPathLiterals("t.request('GET', '/api/my-data-room')")).toBe(1);
    expect(countPathLiterals('fetch("/api/health")')).toBe(1);
    expect(countPathLiterals('get(`/api/documents/` + id)')).toBe(1);
    expect(countPathLiterals(`fetch(\`\${t.baseUrl}/api/upload/archive\`)`)).toBe(1);
    expect(countPathLiterals(`fetch(\`\${t.baseUrl}\${apiPath(documentRoutes.uploadArchive)}\`)`)).toBe(0);
    expect(countPathLiterals('t.call(documentRoutes.download, { params: { id } })')).toBe(0);
    expect(countPathLiterals("routes.filter((url) => url.startsWith('/api/'))")).toBe(0);
  });

  test('the count finds a link written by hand in sections text, and not one built from the route', () => {
    expect(countPathLiterals(`\`## Pitch\\n- [Deck](/api/documents/\${id}/download)\\n\``)).toBe(1);
    expect(countPathLiterals("'- [Deck.pdf](/api/documents/d/download)'")).toBe(1);
    expect(countPathLiterals(`\`- [Deck](\${apiPath(documentRoutes.download, { params: { id } })})\``)).toBe(
      0,
    );
  });

  test('no test file but the deliberate ones writes a path by hand', () => {
    const over = testFiles()
      .filter((file) => !(file in DELIBERATE))
      .map((file) => ({ file, count: countPathLiterals(fs.readFileSync(path.join(ROOT, file), 'utf8')) }))
      .filter(({ count }) => count > 0);
    expect(over, 'call the route with t.call(route, ...) or build the URL with apiPath(route, ...)').toEqual(
      [],
    );
  });

  test('each deliberate file exists and still writes a path by hand', () => {
    for (const file of Object.keys(DELIBERATE)) {
      expect(countPathLiterals(fs.readFileSync(path.join(ROOT, file), 'utf8')), file).toBeGreaterThan(0);
    }
  });
});

/**
 * Never run: `npm run typecheck` holds the helper's types here, each @ts-expect-error line an error it
 * must report.
 */
async function _callTypes(t: HttpClient, who: { auth: Record<string, string> }) {
  // @ts-expect-error a route with parameters needs them
  await t.call(documentRoutes.download);
  // @ts-expect-error a parameter the path does not name
  await t.call(documentRoutes.download, { params: { documentId: 'x' } });
  // @ts-expect-error a body the contract does not take: a hostile one goes as rawBody
  await t.call(authRoutes.verify, { body: { token: 1 } });
  await t.call(authRoutes.verify, { rawBody: { token: 1 } });
  const verified = await t.call(authRoutes.verify, { body: { token: 'x' }, as: who });
  // The answer is typed by the route's answer contract: no cast.
  const token: string = verified.json.token;
  return token;
}
