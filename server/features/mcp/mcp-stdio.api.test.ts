import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiTokenRoutes } from '#shared/contracts/api-tokens';
import { createApiToken, createFounder, type SignedIn } from '#tests/support/factories';
import { answerOf, callTool, refusalOf } from '#tests/support/mcp-client';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { ROOM_TOOLS } from './mcp-server';

// `npx roundroom-mcp` (docs/decisions/0091-mcp-server.md): the real bin, spawned as a desktop assistant
// spawns it, against a real server, through the SDK's own stdio client. It bridges to the server's /mcp,
// so what it lists and answers is the server's.

const REPOSITORY = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(REPOSITORY, 'scripts/roundroom-mcp.mjs');

let t: TestApp;
let founder: SignedIn;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startTestApp();
  founder = await createFounder(t);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
});

/** The assistant's side: the bin started with the server's address and a token in its environment. */
async function assistantWith(token: string, command = process.execPath, args = [BIN]): Promise<Client> {
  const client = new Client({ name: 'roundroom-tests', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: REPOSITORY,
    env: { ROUNDROOM_URL: t.baseUrl, ROUNDROOM_API_TOKEN: token },
    stderr: 'pipe',
  });
  clients.push(client);
  await client.connect(transport);
  return client;
}

test('the bin lists every tool with its schemas and answers as the server does, refusals included', async () => {
  const token = await createApiToken(t, founder, { name: 'Claude Desktop', scopes: ['analytics:read'] });
  const client = await assistantWith(token.secret);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(ROOM_TOOLS.map((tool) => tool.name));
  for (const tool of tools) expect(tool.inputSchema.type, tool.name).toBe('object');
  expect(await answerOf(client, 'room_analytics')).toEqual({ documents: [], recentReaders: [], firms: [] });
  expect(refusalOf(await callTool(client, 'list_documents'))).toMatchObject({
    status: 403,
    error: 'api_token_scope_missing',
  });
  const audit = await t.app.database.db
    .selectFrom('mcp_tool_calls')
    .select(['tool', 'token_name', 'error'])
    .where('token_id', '=', token.id)
    .orderBy('called_at')
    .execute();
  expect(audit).toEqual([
    { tool: 'room_analytics', token_name: 'Claude Desktop', error: null },
    { tool: 'list_documents', token_name: 'Claude Desktop', error: 'api_token_scope_missing' },
  ]);
});

test('`npx roundroom-mcp` runs the bin of the repository it is run in', async () => {
  const token = await createApiToken(t, founder, { scopes: ['questions:write'] });
  const client = await assistantWith(token.secret, 'npx', ['--no', 'roundroom-mcp']);
  expect(await answerOf(client, 'list_questions')).toMatchObject({ questions: [], total: 0 });
});

test('with a token the server refuses, the assistant is told why', async () => {
  const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
  const revoked = await t.call(apiTokenRoutes.revoke, { params: { id: token.id }, as: founder });
  expect(revoked.status, revoked.text).toBe(204);
  await expect(assistantWith(token.secret)).rejects.toThrow(
    /Roundroom refused the request: This API token does not work/,
  );
});

test('without its settings, the bin says which is missing and stops', () => {
  const run = (environment: Record<string, string>) =>
    spawnSync(process.execPath, [BIN], {
      cwd: REPOSITORY,
      env: { PATH: process.env.PATH, ...environment },
      input: '',
      encoding: 'utf8',
    });
  const noUrl = run({});
  expect(noUrl.status).toBe(1);
  expect(noUrl.stderr).toContain('ROUNDROOM_URL');
  expect(noUrl.stdout).toBe('');
  const noToken = run({ ROUNDROOM_URL: t.baseUrl });
  expect(noToken.status).toBe(1);
  expect(noToken.stderr).toContain('ROUNDROOM_API_TOKEN is required');
});
