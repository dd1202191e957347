import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Processes the benchmarks start: our built server and the baselines, each on its own free port. */
export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealthy(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${baseUrl} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Benchmarks send many requests from one address and invite hundreds: raise the limits meant for people. */
export const RAISED_RATE_LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  MAGIC_LINKS_PER_EMAIL: '1000000',
  INVITATIONS_PER_DAY: '1000000',
  SEARCHES_PER_MINUTE: '1000000',
  // Every simulated user connects from 127.0.0.1: the per-address connection cap would close most.
  MAX_CONNECTIONS_PER_IP: '0',
};

/**
 * How the product starts the server: the node flags and environment of deploy/systemd/roundroom@.service
 * (npm start uses the same), so that what is measured is what runs (ADR 67).
 */
export function productionStart(): { nodeFlags: string[]; environment: Record<string, string> } {
  const unit = fs.readFileSync('deploy/systemd/roundroom@.service', 'utf8').split('\n');
  const execStart = unit.find((line) => line.startsWith('ExecStart='))?.split(/\s+/) ?? [];
  const nodeFlags = execStart.filter((word) => word.startsWith('--'));
  // The unit's own NODE_ENV, HOST and PORT are the deployment's; every benchmark sets its own.
  const machineEnvironment = unit
    .filter((line) => line.startsWith('Environment='))
    .map((line) => line.slice('Environment='.length).split('='))
    .filter(([name]) => name && !['NODE_ENV', 'HOST', 'PORT'].includes(name));
  return { nodeFlags, environment: Object.fromEntries(machineEnvironment) };
}

export async function startNodeServer(
  script: string,
  environment: Record<string, string> = {},
  nodeFlags: string[] = [],
  /** A data directory to start on again (kept when this server stops); a new one otherwise. */
  existingDataDir?: string,
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = existingDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-'));
  const child = spawn(process.execPath, [...nodeFlags, script], {
    env: {
      PATH: process.env.PATH ?? '',
      // The address clients use, so e-mailed links and the Origin check of cookie writes agree with it.
      APP_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...RAISED_RATE_LIMITS,
      // PROF_DIR=dir: every server a benchmark starts writes its CPU profile there when it stops.
      ...(process.env.PROF_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.PROF_DIR}` } : {}),
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealthy(baseUrl);
  return {
    child,
    baseUrl,
    dataDir,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      if (!existingDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const startRoundroom = (environment?: Record<string, string>, existingDataDir?: string) => {
  const production = productionStart();
  return startNodeServer(
    'dist/server/main.js',
    { ...production.environment, ...environment },
    production.nodeFlags,
    existingDataDir,
  );
};
export const startBareFastify = (environment?: { PAGE_IMAGE_FILE: string }) =>
  startNodeServer('bench/baselines/fastify-hello.mjs', environment);
/** Bare node:http, no framework: the runtime's own cost of a request. */
export const startBareNode = (environment?: { PAGE_IMAGE_FILE: string }) =>
  startNodeServer('bench/baselines/node-hello.mjs', environment);
/** Bare Node streaming one file, for the downloads' memory baseline. */
export const startBareFileStream = (file: string) =>
  startNodeServer('bench/baselines/node-file-stream.mjs', { STREAM_FILE: file });

/** A founder account on a running server, for authenticated benchmarks. */
export async function createBenchFounder(baseUrl: string): Promise<{ token: string; email: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await fetch(`${baseUrl}/api/complete-account-setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Founder', email, companyName: 'Bench Co' }),
  });
  if (response.status !== 201)
    throw new Error(`account setup failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { token, email };
}
