import http from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '#server/plugins/auth';
import { apiPath } from '#shared/contracts/api-route';
import { apiTokenRoutes } from '#shared/contracts/api-tokens';
import { mcpRoutes } from '#shared/contracts/mcp';
import { createApiToken, createFounder, type SignedIn } from '#tests/support/factories';
import {
  answerOf,
  callTool,
  INITIALIZE,
  MCP_ACCEPT,
  mcpClientOver,
  refusalOf,
  textOf,
} from '#tests/support/mcp-client';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// Who may speak to the MCP server (docs/decisions/0091-mcp-server.md): API tokens only (it is off until
// one is made), the same per-token limit as the API, the transport's guard against DNS rebinding, and
// every tool call in the audit log under the token's name.

const PER_MINUTE = 30;
let t: TestApp;
let founder: SignedIn;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startTestApp({ environment: { API_TOKEN_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } });
  founder = await createFounder(t);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await t?.close();
});

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = await mcpClientOver(t.baseUrl, headers);
  clients.push(client);
  return client;
}

const post = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
  t.call(mcpRoutes.endpoint, { rawBody: body, headers: { ...MCP_ACCEPT, ...headers } });

/** An initialize POST with a Host header of our choosing, which fetch would not send. */
function postWithHost(host: string, auth: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(apiPath(mcpRoutes.endpoint), t.baseUrl),
      {
        method: mcpRoutes.endpoint.method,
        headers: { ...auth, ...MCP_ACCEPT, host, 'content-type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(INITIALIZE));
  });
}

const auditOf = (tokenId: string) =>
  t.app.database.db
    .selectFrom('mcp_tool_calls')
    .select(['tool', 'token_name', 'room_id', 'error'])
    .where('token_id', '=', tokenId)
    .orderBy('called_at')
    .orderBy('tool')
    .execute();

describe('nothing answers but 401 without a working API token', () => {
  test('no token, a signed-in session (bearer or cookie), or an unknown token: 401, and the SDK client cannot connect', async () => {
    for (const headers of [
      {},
      founder.auth,
      { cookie: `${SESSION_COOKIE}=${founder.token}`, origin: new URL(t.config.appUrl).origin },
    ]) {
      const refused = await post(headers);
      expect(refused.status, refused.text).toBe(401);
      expect(refused.refusal?.error).toBe('api_token_required');
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
      for (const route of [mcpRoutes.stream, mcpRoutes.end])
        expect((await t.call(route, { headers })).status).toBe(401);
    }
    const unknown = await post({ authorization: `Bearer rr_${'x'.repeat(43)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.refusal?.error).toBe('api_token_invalid');
    await expect(mcpClientOver(t.baseUrl, founder.auth)).rejects.toThrow(/api_token_required/);
  });

  test('a revoked token stops at the next message, a client already connected included; so does an expired one', async () => {
    const token = await createApiToken(t, founder, { name: 'Soon revoked', scopes: ['analytics:read'] });
    const client = await connect(token.auth);
    expect(await answerOf(client, 'get_room')).toMatchObject({ companyName: expect.any(String) });
    const revoked = await t.call(apiTokenRoutes.revoke, { params: { id: token.id }, as: founder });
    expect(revoked.status, revoked.text).toBe(204);
    await expect(callTool(client, 'get_room')).rejects.toThrow(/api_token_invalid/);
    const refused = await post(token.auth);
    expect(refused.status).toBe(401);
    expect(refused.refusal?.error).toBe('api_token_invalid');
    // The log keeps what the token did while it worked, under its name.
    expect(await auditOf(token.id)).toEqual([
      expect.objectContaining({ tool: 'get_room', token_name: 'Soon revoked', error: null }),
    ]);

    const expiring = await createApiToken(t, founder, { scopes: ['analytics:read'], expiresInDays: 7 });
    await t.app.database.db
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 60_000 })
      .where('id', '=', expiring.id)
      .execute();
    expect((await post(expiring.auth)).status).toBe(401);
    await expect(mcpClientOver(t.baseUrl, expiring.auth)).rejects.toThrow(/api_token_invalid/);
  });
});

describe('the transport', () => {
  test("a request naming another site's Origin is refused (DNS rebinding); this site's and none are served", async () => {
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    const foreign = await post({ ...token.auth, origin: 'http://rebound.example' });
    expect(foreign.status, foreign.text).toBe(403);
    expect(foreign.refusal?.error).toBe('forbidden_origin');
    await expect(connect({ ...token.auth, origin: 'http://rebound.example' })).rejects.toThrow(
      /forbidden_origin/,
    );
    const own = await connect({ ...token.auth, origin: new URL(t.config.appUrl).origin });
    expect(await answerOf(own, 'get_room')).toMatchObject({ companyName: expect.any(String) });
  });

  test("a Host that is neither this server's name nor a loopback name is refused", async () => {
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    const rebound = await postWithHost('rebound.example', token.auth);
    expect(rebound.status, rebound.text).toBe(403);
    expect(JSON.parse(rebound.text)).toMatchObject({ error: 'forbidden_host' });
    const named = await postWithHost(`${new URL(t.config.appUrl).hostname}:8080`, token.auth);
    expect(named.status, named.text).toBe(200);
  });

  test('GET and DELETE answer 405: the server keeps no session and opens no stream', async () => {
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    for (const route of [mcpRoutes.stream, mcpRoutes.end]) {
      const answer = await t.call(route, { headers: { ...token.auth, accept: 'text/event-stream' } });
      expect(answer.status, answer.text).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
      expect(answer.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
  });

  test("what is not a JSON-RPC message is the transport's error, naming what is wrong", async () => {
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    const notRpc = await post(token.auth, { hello: 'world' });
    expect(notRpc.status).toBe(400);
    expect(notRpc.json).toMatchObject({
      jsonrpc: '2.0',
      error: { message: expect.stringMatching(/JSON-RPC/) },
    });
    const noAccept = await t.call(mcpRoutes.endpoint, { rawBody: INITIALIZE, headers: token.auth });
    expect(noAccept.status).toBe(406);
    expect(noAccept.json).toMatchObject({ error: { message: expect.stringMatching(/Accept|accept/) } });
    const notJson = await t.request(mcpRoutes.endpoint.method, apiPath(mcpRoutes.endpoint), {
      body: '{',
      headers: { ...token.auth, ...MCP_ACCEPT, 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toMatchObject({ error: 'invalid_json' });
  });
});

describe('the audit log and the rate limit', () => {
  test("every tool call is logged with the token's name, refused and unknown ones too", async () => {
    const token = await createApiToken(t, founder, {
      name: 'Claude on my laptop',
      scopes: ['analytics:read'],
    });
    const client = await connect(token.auth);
    await answerOf(client, 'room_analytics');
    expect(refusalOf(await callTool(client, 'list_documents'))).toMatchObject({
      error: 'api_token_scope_missing',
    });
    await callTool(client, 'investor_analytics', { userId: 'not an id' });
    await callTool(client, 'no_such_tool');
    const rows = await auditOf(token.id);
    const roomId = rows[0]?.room_id;
    expect(roomId).toEqual(expect.any(String));
    expect(rows).toEqual(
      expect.arrayContaining([
        { tool: 'room_analytics', token_name: 'Claude on my laptop', room_id: roomId, error: null },
        {
          tool: 'list_documents',
          token_name: 'Claude on my laptop',
          room_id: roomId,
          error: 'api_token_scope_missing',
        },
        {
          tool: 'investor_analytics',
          token_name: 'Claude on my laptop',
          room_id: roomId,
          error: 'invalid_arguments',
        },
        { tool: 'no_such_tool', token_name: 'Claude on my laptop', room_id: roomId, error: 'unknown_tool' },
      ]),
    );
    expect(rows).toHaveLength(4);
    // The founders read it, one token's calls or all, as does a token that may read the access log.
    const log = await t.call(mcpRoutes.calls, { query: { token: token.id }, as: founder });
    expect(log.status, log.text).toBe(200);
    expect(log.json.calls.map((call) => [call.tool, call.error]).sort()).toEqual(
      rows.map((row) => [row.tool, row.error]).sort(),
    );
    expect(log.json.calls[0]?.token).toEqual({ id: token.id, name: 'Claude on my laptop' });
    const byToken = await t.call(mcpRoutes.calls, { as: token });
    expect(byToken.json.calls.map((call) => call.id).sort()).toEqual(
      expect.arrayContaining(log.json.calls.map((call) => call.id).sort()),
    );
    const badFilter = await t.call(mcpRoutes.calls, { query: { token: 'nope' }, as: founder });
    expect(badFilter.status).toBe(400);
    expect(badFilter.refusal).toMatchObject({ field: 'token' });
  });

  test("the token's per-minute limit holds across the API and the tools; another token is not slowed", async () => {
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    const client = await connect(token.auth);
    let refusal: string | undefined;
    for (let call = 0; call < PER_MINUTE && refusal === undefined; call += 1) {
      try {
        const result = await callTool(client, 'get_room');
        if (result.isError) refusal = `${refusalOf(result)?.error}: ${textOf(result)}`;
      } catch (error) {
        refusal = String(error);
      }
    }
    expect(refusal).toMatch(/rate_limited|429/);
    expect(refusal).toContain(`more than ${PER_MINUTE} requests in a minute`);
    const other = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    expect(await answerOf(await connect(other.auth), 'get_room')).toMatchObject({ id: expect.any(String) });
  });
});
