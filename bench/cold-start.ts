import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssBytes } from './process-memory';
import { type BudgetRow, mb, median, ms } from './report';
import { freePort, productionStart, waitForHealthy } from './servers';

const RUNS = 5;
const IDLE_SETTLE_MS = 3000;
const COLD_START_BUDGET_MS = 2000;
const IDLE_RSS_BUDGET_BYTES = 100 * 1024 * 1024;
/** Idle RSS above a bare Fastify process measured in the same run (ADR 67). */
const IDLE_RSS_ABOVE_BARE_BUDGET_BYTES = 30 * 1024 * 1024;

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Starts a server process and times it from spawn to the first 200 from /api/health. */
async function timeToHealthy(args: string[], environment: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...environment, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  await waitForHealthy(`http://127.0.0.1:${port}`);
  return { child, elapsedMs: performance.now() - started };
}

async function measure(args: string[], environment: () => Record<string, string>) {
  const times: number[] = [];
  const rss: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { child, elapsedMs } = await timeToHealthy(args, environment());
    times.push(elapsedMs);
    if (run === RUNS - 1) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
      rss.push(rssBytes(child.pid ?? 0));
    }
    await stop(child);
  }
  return { coldStartMs: median(times), idleRssBytes: rss[0] ?? 0 };
}

export async function measureColdStartAndIdleMemory(): Promise<BudgetRow[]> {
  const dataDirs: string[] = [];
  const freshDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-'));
    dataDirs.push(dir);
    return { NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'warn' };
  };
  try {
    // Each run starts on an empty data directory: the cold start includes creating and migrating SQLite.
    // Started as the product starts it (the systemd unit's node flags and environment, ADR 67).
    const production = productionStart();
    const ours = await measure([...production.nodeFlags, 'dist/server/main.js'], () => ({
      ...production.environment,
      ...freshDataDir(),
    }));
    const baseline = await measure(['bench/baselines/fastify-hello.mjs'], () => ({}));
    return [
      {
        budget: 'cold start to healthy <= 2 s',
        measured: ms(ours.coldStartMs),
        baseline: `${ms(baseline.coldStartMs)} (bare Fastify)`,
        pass: ours.coldStartMs <= COLD_START_BUDGET_MS,
      },
      {
        budget: 'idle RSS <= 100 MB and <= bare Fastify + 30 MB',
        measured: `${mb(ours.idleRssBytes)} (+${mb(ours.idleRssBytes - baseline.idleRssBytes)})`,
        baseline: `${mb(baseline.idleRssBytes)} (bare Fastify)`,
        pass:
          ours.idleRssBytes <= IDLE_RSS_BUDGET_BYTES &&
          ours.idleRssBytes - baseline.idleRssBytes <= IDLE_RSS_ABOVE_BARE_BUDGET_BYTES,
      },
    ];
  } finally {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
