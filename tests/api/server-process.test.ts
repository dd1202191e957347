import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { spawnServer, startServerProcess } from '#tests/support/server-process';
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
    `/api/data-room/invite/${token}/sections`,
  ]) {
    await server.request('GET', url);
  }
  await server.stop();
  expect(server.output()).toContain('"url":"/api/data-room/invite/[redacted]/sections"');
  expect(server.output()).toContain('"url":"/verify?token=[redacted]"');
  expect(server.output()).not.toContain(token);
});
