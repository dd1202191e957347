import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { groupRoutes } from '#shared/contracts/groups';
import { roomRoutes } from '#shared/contracts/rooms';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { spawnServer, startServerProcess } from '#tests/support/server-process';
import { recipientsOf } from '#tests/support/smtp-server';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-app';

// The real process entry (server/main.ts): configuration errors, listening, and graceful shutdown.

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-process-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const environment = () => ({ DATA_DIR: dataDir, ...database.environment });

test('a bad variable stops start-up with one line naming it', async () => {
  const { exited, output } = spawnServer({ ...environment(), PORT: 'abc' });
  expect(await exited).toBe(1);
  expect(output().trim()).toBe('Invalid configuration: PORT must be a whole number (got "abc")');
});

test.each(['SIGTERM', 'SIGINT'] as const)(
  'it serves on PORT and HOST, and %s closes it cleanly',
  async (signal) => {
    const server = await startServerProcess({ ...environment(), LOG_LEVEL: 'info' });
    const response = await server.request('GET', '/api/health');
    expect(response.json).toEqual({ status: 'ok', database: 'reachable' });

    server.child.kill(signal);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  },
);

test('request logs keep the path but never a sign-in or invitation token', async () => {
  const server = await startServerProcess({ ...environment(), LOG_LEVEL: 'info' });
  const token = `LogLeak_${'k'.repeat(35)}`;
  for (const url of [
    `/verify?token=${token}`,
    `/data-room?invite=${token}`,
    apiPath(roomRoutes.invitedSections, { params: { token } }),
  ]) {
    await server.request('GET', url);
  }
  await server.stop();
  expect(server.output()).toContain('"url":"/api/data-room/invite/[redacted]/sections"');
  expect(server.output()).toContain('"url":"/verify?token=[redacted]"');
  expect(server.output()).not.toContain(token);
});

test('request logs after share-link entries (by the code, and by the mailed proof) hold no token, proof or code', async () => {
  const server = await startServerProcess({ ...environment(), LOG_LEVEL: 'info' });
  const created = await server.call(accountRoutes.completeSetup, {
    body: { name: 'Fran Founder', email: `log-founder-${Date.now()}@example.com`, companyName: 'Log Co' },
  });
  const founder = { authorization: `Bearer ${created.json.token}` };
  const groups = (await server.call(groupRoutes.list, { headers: founder })).json;
  const made = await server.call(shareLinkRoutes.create, {
    rawBody: { name: 'Outreach', groupId: groups.groups[0]?.id },
    headers: founder,
  });
  const url = made.json.url;
  const shareToken = url.slice(url.lastIndexOf('/') + 1);
  const outbox = path.join(dataDir, 'outbox');
  const mailTo = async (email: string) => {
    for (let waited = 0; waited < 100; waited++) {
      for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
        const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
        if (recipientsOf(mail).includes(email)) return `${mail.subject}\n${mail.text}`;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail to ${email} in the outbox`);
  };
  const browser = { cookie: `rr_browser_mark=${'m'.repeat(43)}` };
  const secrets: string[] = [shareToken];
  for (const [index, way] of (['code', 'proof'] as const).entries()) {
    const email = `log-reader-${index}-${Date.now()}@example.com`;
    await server.request('GET', `/share/${shareToken}`);
    await server.call(shareLinkRoutes.requestCode, {
      params: { token: shareToken },
      body: { email },
      headers: browser,
    });
    const mail = await mailTo(email);
    const code = /(\d{6}) is your (?:Roundroom )?code/.exec(mail)?.[1] ?? '';
    const proof = /[?&]proof=([A-Za-z0-9_-]{43})/.exec(mail)?.[1] ?? '';
    secrets.push(code, proof);
    if (way === 'proof') await server.request('GET', `/share/${shareToken}?proof=${proof}`);
    const entered = await server.call(shareLinkRoutes.verify, {
      params: { token: shareToken },
      body: way === 'code' ? { email, code } : { proof },
      headers: { ...browser, origin: new URL(url).origin },
    });
    expect(entered.status, entered.text).toBe(200);
  }
  await server.stop();
  // The request log: the outbox transport (no SMTP_URL, a laptop's setup) logs each mail's links on
  // purpose, and the server warns at start that it is wrong on a server (README, Mail).
  const log = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"req":'))
    .join('\n');
  expect(log).toContain('"url":"/share/[redacted]?proof=[redacted]"');
  expect(log).toContain('"url":"/api/share/[redacted]/verify"');
  for (const secret of secrets) expect(secret.length).toBeGreaterThan(5);
  for (const secret of secrets) expect(log.split('\n').filter((line) => line.includes(secret))).toEqual([]);
});
