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
 * shared/contracts. This counts the `/api/` path literals left in test files: a file may hold none,
 * unless it is one of the few that must write a path by hand (DELIBERATE, each with its reason), or one
 * not converted yet (NOT_YET_CONVERTED, with its count, which may only go down).
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * A quote or backtick directly followed by /api/ and more: a path written by hand. The bare prefix
 * (`url.startsWith('/api/')`, sorting the registered routes from the pages) names no route.
 */
const PATH_LITERAL = /['"`]\/api\/(?!['"`])/g;

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
};

/**
 * TEMPORARY: files not converted yet, with the literals each holds; the next change to tests empties it.
 * Most remaining literals in API tests call a route that shared/contracts does not declare yet
 * (GET /api/auth/me, GET /api/health), or send an upload through a shared helper's options.
 */
const NOT_YET_CONVERTED: Record<string, number> = {
  'scripts/security/sqlmap.test.ts': 2,
  'scripts/security/wapiti.test.ts': 1,
  'server/features/accounts/accounts.api.test.ts': 3,
  'server/features/admin/admin.api.test.ts': 1,
  'server/features/api-tokens/api-tokens.api.test.ts': 4,
  'server/features/archives/room-archive.api.test.ts': 2,
  'server/features/auth/auth.api.test.ts': 5,
  'server/features/auth/invitation-acceptance.api.test.ts': 10,
  'server/features/auth/one-room-proofs.api.test.ts': 4,
  'server/features/documents/documents.api.test.ts': 1,
  'server/features/exports/exports.api.test.ts': 1,
  'server/features/health/health.api.test.ts': 2,
  'server/features/invitations/invitations.api.test.ts': 1,
  'server/features/invitations/room-editors.api.test.ts': 3,
  'server/features/notifications/notifications.api.test.ts': 1,
  'server/features/passkeys/passkeys.api.test.ts': 26,
  'server/features/preparation/sheets.api.test.ts': 4,
  'server/features/preparation/word-pages.api.test.ts': 6,
  'server/features/preview/room-preview.api.test.ts': 3,
  'server/features/reading/viewer.api.test.ts': 5,
  'server/features/rooms/investor-groups.api.test.ts': 1,
  'server/features/rooms/nda.api.test.ts': 3,
  'server/features/rooms/room-content.api.test.ts': 1,
  'server/features/rooms/room-reading.api.test.ts': 1,
  'server/features/versions/versions.api.test.ts': 2,
  'server/plugins/compression.api.test.ts': 1,
  'server/plugins/first-screen.api.test.ts': 2,
  'shared/file-types.test.ts': 1,
  'shared/return-to.test.ts': 1,
  'shared/routes.test.ts': 1,
  'shared/sections-markdown.test.ts': 3,
  'tests/api/authorization-matrix.test.ts': 4,
  'tests/api/backup-restore.test.ts': 1,
  'tests/api/hostile-injection.test.ts': 3,
  'tests/api/hostile-json-bodies.test.ts': 18,
  'tests/api/hostile-links.test.ts': 1,
  'tests/api/hostile-markdown-timeout.test.ts': 1,
  'tests/api/hostile-markdown.test.ts': 2,
  'tests/api/hostile-uploads.test.ts': 1,
  'tests/api/http-headers.test.ts': 1,
  'tests/api/multipart-errors.test.ts': 1,
  'tests/api/several-nodes.test.ts': 2,
  'tests/cluster/cluster.test.ts': 19,
  'tests/e2e/admin.spec.ts': 9,
  'tests/e2e/api-tokens.spec.ts': 3,
  'tests/e2e/cofounders.spec.ts': 1,
  'tests/e2e/company-information.spec.ts': 3,
  'tests/e2e/configure-console.spec.ts': 5,
  'tests/e2e/configure-invites.spec.ts': 4,
  'tests/e2e/data-room.spec.ts': 9,
  'tests/e2e/exports.spec.ts': 7,
  'tests/e2e/first-screen.spec.ts': 5,
  'tests/e2e/founder-console.spec.ts': 1,
  'tests/e2e/founder-controls.spec.ts': 4,
  'tests/e2e/invitation-entry.spec.ts': 10,
  'tests/e2e/invitations-bulk-and-nda-template.spec.ts': 4,
  'tests/e2e/legal.spec.ts': 1,
  'tests/e2e/nda.spec.ts': 2,
  'tests/e2e/not-found.spec.ts': 1,
  'tests/e2e/notifications.spec.ts': 2,
  'tests/e2e/passkeys.spec.ts': 4,
  'tests/e2e/preview-as.spec.ts': 5,
  'tests/e2e/questions.spec.ts': 1,
  'tests/e2e/reader.spec.ts': 3,
  'tests/e2e/reading-analytics.spec.ts': 7,
  'tests/e2e/real-raise.spec.ts': 6,
  'tests/e2e/rename-file.spec.ts': 1,
  'tests/e2e/sections-preview-worker.spec.ts': 1,
  'tests/e2e/sections-save-race.spec.ts': 6,
  'tests/e2e/setup-account.spec.ts': 6,
  'tests/e2e/setup-data-room.spec.ts': 5,
  'tests/e2e/share-links.spec.ts': 2,
  'tests/e2e/sheets.spec.ts': 2,
  'tests/e2e/sign-in.spec.ts': 5,
  'tests/e2e/support.spec.ts': 1,
  'tests/e2e/support/deck-room.ts': 4,
  'tests/e2e/support/investor-api.ts': 2,
  'tests/e2e/support/people.ts': 1,
  'tests/e2e/support/sections-room.ts': 3,
  'tests/e2e/versions.spec.ts': 4,
  'tests/e2e/view-only.spec.ts': 2,
  'tests/e2e/viewer.spec.ts': 2,
  'tests/e2e/watermark.spec.ts': 2,
  'tests/e2e/webhooks.spec.ts': 1,
  'tests/e2e/word.spec.ts': 2,
  'tests/e2e/zips.spec.ts': 5,
  'tests/support/factories.ts': 7,
  'web/app/console-one-row.test.tsx': 2,
  'web/components/app/console-nav.test.tsx': 15,
  'web/features/admin/components/open-questions-summary.test.tsx': 1,
  'web/features/auth/components/require-session.test.tsx': 3,
  'web/features/data-room/components/nda-gate.test.tsx': 1,
  'web/features/data-room/pages/preview-page.test.tsx': 6,
  'web/features/documents/api/use-upload-queue.test.tsx': 5,
  'web/features/documents/components/file-list.test.tsx': 3,
  'web/features/documents/components/files-panel.test.tsx': 2,
  'web/features/investor-dashboard/pages/investor-dashboard-page.test.tsx': 1,
  'web/features/invitations/components/invite-forms.test.tsx': 1,
  'web/features/notifications/components/notification-settings-card.test.tsx': 1,
  'web/features/questions/components/document-questions-panel.test.tsx': 5,
  'web/features/questions/components/inbox-question-card.test.tsx': 4,
  'web/features/questions/components/questions-inbox.test.tsx': 3,
  'web/features/questions/components/room-questions.test.tsx': 4,
  'web/features/reading-analytics/pages/room-analytics-page.test.tsx': 10,
  'web/features/rooms/components/download-default-card.test.tsx': 1,
  'web/features/rooms/components/nda-settings-card.test.tsx': 1,
  'web/features/sections/components/sections-editor.test.tsx': 3,
  'web/features/share-links/components/share-links-panel.test.tsx': 3,
  'web/features/share-links/pages/share-link-page.test.tsx': 1,
  'web/features/viewer/api/prefetch-document.test.ts': 3,
  'web/features/viewer/components/document-viewer.test.tsx': 2,
  'web/features/viewer/components/sheets-viewer.test.tsx': 1,
  'web/features/viewer/use-reading-reporter.test.tsx': 2,
  'web/features/webhooks/components/webhooks-card.test.tsx': 1,
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
  test('the count finds a literal in single quotes, double quotes and a template, and nothing else', () => {
    expect(countPathLiterals("t.request('GET', '/api/my-data-room')")).toBe(1);
    expect(countPathLiterals('fetch("/api/health")')).toBe(1);
    expect(countPathLiterals('get(`/api/documents/` + id)')).toBe(1);
    expect(countPathLiterals('t.call(documentRoutes.download, { params: { id } })')).toBe(0);
    expect(countPathLiterals("routes.filter((url) => url.startsWith('/api/'))")).toBe(0);
  });

  test('no test file holds more path literals than its entry allows', () => {
    const over = testFiles()
      .filter((file) => !(file in DELIBERATE))
      .map((file) => ({ file, count: countPathLiterals(fs.readFileSync(path.join(ROOT, file), 'utf8')) }))
      .filter(({ file, count }) => count > (NOT_YET_CONVERTED[file] ?? 0));
    expect(over, 'call the route with t.call(route, ...) or build the URL with apiPath(route, ...)').toEqual(
      [],
    );
  });

  test('the temporary list only shrinks: a converted file leaves it, a count goes down with its file', () => {
    const stale = Object.entries(NOT_YET_CONVERTED)
      .map(([file, listed]) => {
        const full = path.join(ROOT, file);
        const count = fs.existsSync(full) ? countPathLiterals(fs.readFileSync(full, 'utf8')) : 0;
        return { file, listed, count };
      })
      .filter(({ listed, count }) => count < listed);
    expect(stale, 'lower (or remove) the entry in NOT_YET_CONVERTED').toEqual([]);
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
