import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, waitForHealthy } from '#bench/servers';
import { type HttpClient, httpClient } from './test-app';

/**
 * The real process entry (server/main.ts, run through tsx), for what only a process shows: start-up
 * errors, signals, and being killed outright. The environment is the whole of it (plus PATH): the
 * caller passes DATA_DIR and, on PostgreSQL, DATABASE_URL.
 */
export interface SpawnedServer {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

export function spawnServer(environment: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export interface ServerProcess extends SpawnedServer, HttpClient {
  baseUrl: string;
  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the graceful exit. */
  stop(): Promise<void>;
}

/** Starts the server on a free port of 127.0.0.1 and resolves once /api/health answers 200. */
export async function startServerProcess(environment: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const spawned = spawnServer({ ...environment, PORT: String(port), HOST: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const failedToStart = spawned.exited.then((code) => {
    throw new Error(`the server exited (${code}) before it was healthy:\n${spawned.output()}`);
  });
  await Promise.race([waitForHealthy(baseUrl), failedToStart]);
  failedToStart.catch(() => {});
  return {
    ...spawned,
    ...httpClient(baseUrl),
    baseUrl,
    async kill() {
      spawned.child.kill('SIGKILL');
      await spawned.exited;
    },
    async stop() {
      spawned.child.kill('SIGTERM');
      if ((await spawned.exited) !== 0)
        throw new Error(`the server did not stop cleanly:\n${spawned.output()}`);
    },
  };
}

/** Runs a script of scripts/ (through tsx, as npm run does) to its end: its exit code and output. */
export async function runScript(
  script: string,
  args: string[],
  environment: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  // 'close', not 'exit': the output is complete only once its pipes have closed.
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, output };
}
