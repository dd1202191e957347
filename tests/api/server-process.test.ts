import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-app';

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

function startServer(environment: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...database.environment,
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, timeoutMs = 15_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

test('a bad variable stops start-up with one line naming it', async () => {
  const { child, output } = startServer({ PORT: 'abc' });
  expect(await exitOf(child)).toBe(1);
  expect(output().trim()).toBe('Invalid configuration: PORT must be a whole number (got "abc")');
});

test.each(['SIGTERM', 'SIGINT'] as const)(
  'it serves on PORT and HOST, and %s closes it cleanly',
  async (signal) => {
    const port = await freePort();
    const { child, output } = startServer({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    const exited = exitOf(child);
    const response = await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    expect(await response.json()).toEqual({ status: 'ok', database: 'reachable' });

    child.kill(signal);
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');
  },
);
