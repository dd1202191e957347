import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiTokenRoutes } from '#shared/contracts/api-tokens';
import { documentRoutes } from '#shared/contracts/documents';
import {
  createApiToken,
  founderWithInvestor,
  type SignedIn,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// The typed client's example (docs/examples/list-access-log.ts), run as a founder would run it: its own
// process, against a real server, with an API token in its environment.

const run = promisify(execFile);
const EXAMPLE = path.resolve('docs/examples/list-access-log.ts');

let t: TestApp;
let founder: SignedIn;
beforeAll(async () => {
  t = await startTestApp();
  const room = await founderWithInvestor(t);
  founder = room.founder;
  const uploaded = await uploadFile(t, founder, { name: 'Cap table.pdf', bytes: uniquePdf() });
  const documentId = (uploaded.json as { document: { id: string } }).document.id;
  const download = await t.call(documentRoutes.download, { params: { id: documentId }, as: room.investor });
  expect(download.status).toBe(200);
});
afterAll(() => t?.close());

const example = (token: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', EXAMPLE, ...args], {
    env: { ...process.env, ROUNDROOM_URL: t.baseUrl, ROUNDROOM_TOKEN: token },
  });

test('with an analytics:read token it lists the room’s access log', async () => {
  const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
  const { stdout } = await example(token.secret);
  const [line, ...rest] = stdout.trim().split('\n');
  expect(rest).toEqual([]);
  expect(line?.split('\t')).toEqual([
    expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    'downloaded',
    'Ivy Investor',
    'Cap table.pdf',
  ]);
});

test('--csv prints the whole log as CSV', async () => {
  const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
  const { stdout } = await example(token.secret, '--csv');
  expect(stdout.split('\n')[0]).toMatch(/,/);
  expect(stdout).toContain('Cap table.pdf');
});

test('a token without the scope, or a revoked one, makes it fail with the server’s reason', async () => {
  const documents = await createApiToken(t, founder, { scopes: ['documents:write'] });
  await expect(example(documents.secret)).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/403 api_token_scope_missing.*analytics:read/),
  });
  const reader = await createApiToken(t, founder, { scopes: ['analytics:read'] });
  await t.call(apiTokenRoutes.revoke, { params: { id: reader.id }, as: founder });
  await expect(example(reader.secret)).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/401 api_token_invalid/),
  });
});
