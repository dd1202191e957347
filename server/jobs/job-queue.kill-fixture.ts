/**
 * A worker process for the job queue's crash test: it claims the one `slow` job and says so on stdout,
 * then works on it until it is killed (kill -9). Its lease is short so the test need not wait long.
 */
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
  leaseMs: 400,
});
runner.register({
  kind: 'slow',
  payloadSchema: z.object({ step: z.string() }),
  maxAttempts: 3,
  timeoutMs: 400,
  concurrency: 1,
  run: () => {
    process.stdout.write('claimed\n');
    // Never finishes: the test kills this process mid-job.
    return new Promise(() => {});
  },
});
runner.start();
