/**
 * A worker process for the job queue's test of several processes on one database: it runs `count`
 * jobs, three at a time, and writes `ran <n>` on stdout for each, until it is stopped.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { parseConfig } from '#server/config';
import { openDatabase } from '#server/db/database';
import { createJobRunner } from './job-queue';

const config = parseConfig(process.env);
const handle = openDatabase(config.database);
const silent = { info() {}, warn() {}, error() {} } as never;
const runner = createJobRunner(handle.db, {
  dialect: handle.dialect,
  log: silent,
  pollIntervalMs: 20,
  retryBaseDelayMs: 0,
  leaseMs: 5_000,
});
runner.register({
  kind: 'count',
  payloadSchema: z.object({ n: z.number() }),
  maxAttempts: 1,
  timeoutMs: 5_000,
  concurrency: 3,
  run: async ({ n }) => {
    // Long enough that both processes are claiming while the other works.
    await sleep(5);
    process.stdout.write(`ran ${n}\n`);
  },
});
runner.start();
process.on('SIGTERM', () => {
  runner
    .stop()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
