import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { type Config, parseConfig } from '#server/config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '#server/db/database';
import {
  PREPARE_DOCUMENT_JOB,
  PREPARE_SMALL_DOCUMENT_JOB,
  type PrepareDocumentPayload,
  preparationKindOf,
} from '#server/features/documents';
import { prepareDocumentJobs } from '#server/features/preparation';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-app';
import { createJobRunner, enqueueJob, type JobDefinition, type JobRunner } from './job-queue';

// Runs on SQLite and again on PostgreSQL: the queue behaves the same on both.

let testDatabase: TestDatabase;
let handle: DatabaseHandle;
let dataDir: string;
let config: Config;
const runners: JobRunner[] = [];
const extraHandles: DatabaseHandle[] = [];
const silent = { info() {}, warn() {}, error() {} } as never;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-jobs-'));
  testDatabase = await createTestDatabase();
  config = parseConfig({ DATA_DIR: dataDir, ...testDatabase.environment });
  handle = openDatabase(config.database);
  await migrateToLatest(handle.db);
});

afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  await handle.db.deleteFrom('jobs').execute();
});

afterAll(async () => {
  for (const extra of extraHandles) await extra.close();
  await handle.close();
  await testDatabase.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function runnerOn(database: DatabaseHandle, options: { retryBaseDelayMs?: number; leaseMs?: number } = {}) {
  const runner = createJobRunner(database.db, {
    dialect: database.dialect,
    log: silent,
    pollIntervalMs: 20,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 10,
    leaseMs: options.leaseMs ?? 5_000,
  });
  runners.push(runner);
  return runner;
}

function definition(
  overrides: Partial<JobDefinition<{ n: number }>> & Pick<JobDefinition<{ n: number }>, 'run'>,
): JobDefinition<{ n: number }> {
  return {
    kind: 'count',
    payloadSchema: z.object({ n: z.number() }),
    maxAttempts: 3,
    timeoutMs: 5_000,
    concurrency: 1,
    ...overrides,
  };
}

async function jobRows() {
  return handle.db.selectFrom('jobs').selectAll().orderBy('created_at').execute();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a job runs once with its payload, and is recorded as succeeded', async () => {
  const seen: number[] = [];
  const runner = runnerOn(handle);
  runner.register(definition({ run: async ({ n }) => void seen.push(n) }));
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 7 } });
  runner.start();
  await runner.whenIdle();
  expect(seen).toEqual([7]);
  const [row] = await jobRows();
  expect(row).toMatchObject({ status: 'succeeded', attempts: 1, lease_expires_at: null });
  expect(row?.finished_at).toBeGreaterThan(0);
});

test('a dedupe key allows one unfinished job; once it has finished, another may be queued', async () => {
  expect(await enqueueJob(handle.db, { kind: 'count', payload: { n: 1 }, dedupeKey: 'doc-1' })).toBe(true);
  expect(await enqueueJob(handle.db, { kind: 'count', payload: { n: 2 }, dedupeKey: 'doc-1' })).toBe(false);
  expect(await enqueueJob(handle.db, { kind: 'count', payload: { n: 3 }, dedupeKey: 'doc-2' })).toBe(true);
  const runner = runnerOn(handle);
  runner.register(definition({ run: async () => {} }));
  runner.start();
  await runner.whenIdle();
  expect(await enqueueJob(handle.db, { kind: 'count', payload: { n: 4 }, dedupeKey: 'doc-1' })).toBe(true);
  expect((await jobRows()).map((row) => row.dedupe_key)).toEqual(['doc-1', 'doc-2', 'doc-1']);
});

test('an enqueue inside a transaction that rolls back leaves no job', async () => {
  await expect(
    handle.db.transaction().execute(async (trx) => {
      await enqueueJob(trx, { kind: 'count', payload: { n: 1 } });
      throw new Error('the write failed');
    }),
  ).rejects.toThrow('the write failed');
  expect(await jobRows()).toEqual([]);
});

test('a failed attempt is retried after a growing delay, and the job succeeds on a later attempt', async () => {
  const attemptsAt: number[] = [];
  const runner = runnerOn(handle, { retryBaseDelayMs: 100 });
  runner.register(
    definition({
      run: async (_payload, job) => {
        attemptsAt.push(Date.now());
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} failed`);
      },
    }),
  );
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 1 } });
  runner.start();
  while (attemptsAt.length < 3) await sleep(20);
  await runner.whenIdle();
  const [first = 0, second = 0, third = 0] = attemptsAt;
  // Backoff: at least 100 ms, then at least 200 ms (the base doubled).
  expect(second - first).toBeGreaterThanOrEqual(100);
  expect(third - second).toBeGreaterThanOrEqual(200);
  const [row] = await jobRows();
  expect(row).toMatchObject({ status: 'succeeded', attempts: 3, last_error: 'attempt 2 failed' });
});

test("a definition's own retryDelayMs schedules its retries instead of the runner's backoff", async () => {
  const attemptsAt: number[] = [];
  const asked: [number, number][] = [];
  // The runner's own backoff would wait a minute: the kind's 150 ms must win.
  const runner = runnerOn(handle, { retryBaseDelayMs: 60_000 });
  runner.register(
    definition({
      run: async (_payload, job) => {
        attemptsAt.push(Date.now());
        if (job.attempt < 2) throw new Error('not yet');
      },
      retryDelayMs: (attempt, payload) => {
        asked.push([attempt, payload.n]);
        return 150;
      },
    }),
  );
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 5 } });
  runner.start();
  while (attemptsAt.length < 2) await sleep(20);
  await runner.whenIdle();
  const [first = 0, second = 0] = attemptsAt;
  expect(second - first).toBeGreaterThanOrEqual(150);
  expect(second - first).toBeLessThan(10_000);
  expect(asked).toEqual([[1, 5]]);
  expect((await jobRows())[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
});

test('when every attempt fails, the job fails for good and onFailed is told once', async () => {
  const failures: string[] = [];
  const runner = runnerOn(handle, { retryBaseDelayMs: 0 });
  runner.register(
    definition({
      maxAttempts: 2,
      run: async () => {
        throw new Error('the converter crashed');
      },
      onFailed: async ({ n }, error) => void failures.push(`${n}: ${error}`),
    }),
  );
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 5 } });
  runner.start();
  await runner.whenIdle();
  expect(failures).toEqual(['5: the converter crashed']);
  const [row] = await jobRows();
  expect(row).toMatchObject({ status: 'failed', attempts: 2, last_error: 'the converter crashed' });
});

test('an attempt past its time limit is aborted through its signal and counts as failed', async () => {
  const failures: string[] = [];
  let abortedReason = '';
  const runner = runnerOn(handle, { retryBaseDelayMs: 0 });
  runner.register(
    definition({
      maxAttempts: 1,
      timeoutMs: 100,
      run: (_payload, job) =>
        new Promise((resolve) => {
          job.signal.addEventListener('abort', () => {
            abortedReason = String((job.signal.reason as Error).message);
            resolve();
          });
        }),
      onFailed: async (_payload, error) => void failures.push(error),
    }),
  );
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 1 } });
  runner.start();
  await runner.whenIdle();
  expect(abortedReason).toBe('timed out after 100 ms');
  expect(failures).toEqual(['timed out after 100 ms']);
  expect((await jobRows())[0]).toMatchObject({ status: 'failed', attempts: 1 });
});

test('a payload its definition refuses fails the job at once, without running it', async () => {
  const failures: string[] = [];
  let ran = false;
  const runner = runnerOn(handle);
  runner.register(
    definition({
      run: async () => {
        ran = true;
      },
      onFailed: async () => void failures.push('x'),
    }),
  );
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 'seven' } });
  runner.start();
  await runner.whenIdle();
  expect(ran).toBe(false);
  const [row] = await jobRows();
  expect(row).toMatchObject({ status: 'failed', attempts: 1 });
  expect(row?.last_error).toContain('payload refused');
  // onFailed receives a checked payload, and there is none.
  expect(failures).toEqual([]);
});

test('an attempt that takes a moment to stop after its abort is waited for before the worker moves on', async () => {
  let started = false;
  let stoppedWorking = false;
  const runner = runnerOn(handle);
  runner.register(
    definition({
      run: (_payload, job) =>
        new Promise((_resolve, reject) => {
          started = true;
          // Like a child process being killed and its files removed: done a little after the abort.
          job.signal.addEventListener('abort', () =>
            setTimeout(() => {
              stoppedWorking = true;
              reject(job.signal.reason);
            }, 200),
          );
        }),
    }),
  );
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 1 } });
  runner.start();
  while (!started) await sleep(10);
  await runner.stop();
  expect(stoppedWorking).toBe(true);
});

test('a payload that is not JSON fails the job at once instead of being claimed again and again', async () => {
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 1 } });
  await handle.db.updateTable('jobs').set({ payload: '{not json' }).execute();
  const runner = runnerOn(handle);
  runner.register(definition({ run: async () => {} }));
  runner.start();
  await runner.whenIdle();
  const [row] = await jobRows();
  expect(row).toMatchObject({ status: 'failed', attempts: 1 });
  expect(row?.last_error).toContain('payload refused: not JSON');
});

test('a kind runs at most its concurrency at once in one process', async () => {
  for (const concurrency of [1, 2]) {
    let current = 0;
    let most = 0;
    const runner = runnerOn(handle);
    runner.register(
      definition({
        kind: `concurrency-${concurrency}`,
        concurrency,
        run: async () => {
          current += 1;
          most = Math.max(most, current);
          await sleep(60);
          current -= 1;
        },
      }),
    );
    for (let n = 0; n < 5; n++)
      await enqueueJob(handle.db, { kind: `concurrency-${concurrency}`, payload: { n } });
    runner.start();
    await runner.whenIdle();
    expect(most).toBe(concurrency);
  }
});

test('a kind shared fairly runs the rooms in turn: one room with many queued jobs does not hold up another', async () => {
  const order: string[] = [];
  const runner = runnerOn(handle);
  runner.register({
    ...definition({ run: async () => {} }),
    kind: 'fair',
    payloadSchema: z.object({ room: z.string(), n: z.number() }),
    isSharedFairly: true,
    run: async ({ room, n }: { room: string; n: number }) => {
      order.push(`${room}${n}`);
      await sleep(5);
    },
  } as JobDefinition<{ room: string; n: number }> as never);
  const queue = (room: string, n: number, at: number) =>
    enqueueJob(handle.db, { kind: 'fair', payload: { room, n }, fairKey: room, runAt: new Date(at) });
  const start = Date.now() - 60_000;
  // Room A queued six jobs first; rooms B and C queued theirs after all of A's.
  for (let n = 1; n <= 6; n++) await queue('A', n, start + n);
  await queue('B', 1, start + 100);
  await queue('B', 2, start + 101);
  await queue('C', 1, start + 200);
  runner.start();
  await runner.whenIdle();
  expect(order).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'A3', 'A4', 'A5', 'A6']);
});

test('two workers on two connections to one database never run the same job twice', async () => {
  const second = openDatabase(config.database);
  extraHandles.push(second);
  const runs = new Map<number, number>();
  const record = async ({ n }: { n: number }) => {
    runs.set(n, (runs.get(n) ?? 0) + 1);
    await sleep(5);
  };
  const [one, two] = [runnerOn(handle), runnerOn(second)];
  one.register(definition({ concurrency: 3, run: record }));
  two.register(definition({ concurrency: 3, run: record }));
  for (let n = 0; n < 40; n++) await enqueueJob(handle.db, { kind: 'count', payload: { n } });
  one.start();
  two.start();
  await Promise.all([one.whenIdle(), two.whenIdle()]);
  expect(runs.size).toBe(40);
  expect([...runs.values()].every((count) => count === 1)).toBe(true);
  const rows = await jobRows();
  expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
  // Both did some of the work.
  expect(new Set(rows.map((row) => row.locked_by?.split(':')[0])).size).toBe(2);
});

/** A fixture of this folder run as its own process on the test database; its stdout is collected. */
function workerProcess(fixture: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, fixture)], {
    env: { ...process.env, DATA_DIR: dataDir, ...testDatabase.environment },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

test('two worker processes on one database run 60 jobs between them, each exactly once', async () => {
  for (let n = 0; n < 60; n++) await enqueueJob(handle.db, { kind: 'count', payload: { n } });
  const workers = [workerProcess('job-queue.claim-fixture.ts'), workerProcess('job-queue.claim-fixture.ts')];
  const finished = async () =>
    (await jobRows()).every((row) => row.status === 'succeeded' || row.status === 'failed');
  const deadline = Date.now() + 30_000;
  while (!(await finished()) && Date.now() < deadline) await sleep(50);
  for (const worker of workers) worker.child.kill('SIGTERM');
  await Promise.all(workers.map((worker) => worker.exited));

  const runsOf = (output: string) => [...output.matchAll(/ran (\d+)/g)].map((match) => Number(match[1]));
  const [first, second] = workers.map((worker) => runsOf(worker.output()));
  const all = [...(first ?? []), ...(second ?? [])].sort((a, b) => a - b);
  // Each exactly once, whichever process ran it. Which one ran how many is timing: the one that starts a
  // second earlier may run all 60 before the other polls. That both share the work is the test above's.
  expect(all).toEqual(Array.from({ length: 60 }, (_, n) => n));
  expect((await jobRows()).every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
});

test('a job running longer than its lease keeps it by renewing it: a second worker never takes it', async () => {
  const second = openDatabase(config.database);
  extraHandles.push(second);
  let runs = 0;
  const slow = definition({
    run: async () => {
      runs += 1;
      await sleep(1_200);
    },
  });
  const [one, two] = [runnerOn(handle, { leaseMs: 300 }), runnerOn(second, { leaseMs: 300 })];
  one.register(slow);
  two.register(slow);
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 1 } });
  one.start();
  while (runs === 0) await sleep(10);
  two.start();
  await Promise.all([one.whenIdle(), two.whenIdle()]);
  expect(runs).toBe(1);
  expect((await jobRows())[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
});

test('stopping a worker hands its running job back, not counted, for another to take at once', async () => {
  let started = false;
  const runner = runnerOn(handle);
  runner.register(
    definition({
      run: (_payload, job) =>
        new Promise((_resolve, reject) => {
          started = true;
          job.signal.addEventListener('abort', () => reject(job.signal.reason));
        }),
    }),
  );
  await enqueueJob(handle.db, { kind: 'count', payload: { n: 1 } });
  runner.start();
  while (!started) await sleep(10);
  await runner.stop();
  expect((await jobRows())[0]).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });

  const seen: number[] = [];
  const next = runnerOn(handle);
  next.register(definition({ run: async ({ n }) => void seen.push(n) }));
  next.start();
  await next.whenIdle();
  expect(seen).toEqual([1]);
});

test('a worker killed mid-job (kill -9) loses nothing: its lease expires and another worker retries the job', async () => {
  await enqueueJob(handle.db, { kind: 'slow', payload: { step: 'convert' } });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'job-queue.kill-fixture.ts')],
    {
      env: { ...process.env, DATA_DIR: dataDir, ...testDatabase.environment },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('claimed')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the worker exited early (${code})`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  const [claimed] = await jobRows();
  expect(claimed).toMatchObject({ status: 'running', attempts: 1 });

  const steps: string[] = [];
  const survivor = runnerOn(handle);
  survivor.register({
    kind: 'slow',
    payloadSchema: z.object({ step: z.string() }),
    maxAttempts: 3,
    timeoutMs: 400,
    concurrency: 1,
    run: async ({ step }, job) => void steps.push(`${step} (attempt ${job.attempt})`),
  });
  survivor.start();
  while (steps.length === 0) await sleep(20);
  await survivor.whenIdle();
  expect(steps).toEqual(['convert (attempt 2)']);
  expect((await jobRows())[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
});

test('a job whose worker died during its last attempt fails for good, and onFailed is told', async () => {
  const now = Date.now();
  await handle.db
    .insertInto('jobs')
    .values({
      id: crypto.randomUUID(),
      kind: 'count',
      payload: JSON.stringify({ n: 9 }),
      dedupe_key: null,
      status: 'running',
      attempts: 3,
      run_at: now - 10_000,
      lease_expires_at: now - 1,
      locked_by: 'a-dead-worker:1',
      last_error: null,
      created_at: now - 10_000,
      updated_at: now - 10_000,
      finished_at: null,
    })
    .execute();
  const failures: string[] = [];
  let ran = false;
  const runner = runnerOn(handle);
  runner.register(
    definition({
      run: async () => {
        ran = true;
      },
      onFailed: async ({ n }, error) => void failures.push(`${n}: ${error}`),
    }),
  );
  runner.start();
  await runner.whenIdle();
  expect(ran).toBe(false);
  expect(failures).toEqual(['9: the worker stopped during the last attempt']);
  expect((await jobRows())[0]).toMatchObject({ status: 'failed' });
});

test("documents' preparations: small files take their slots together, a larger file keeps its one, and rooms still take turns", async () => {
  // The app's two kinds as it registers them (PREVIEW_CONCURRENCY=3, PREVIEW_SMALL_FILE_MB=8), each run
  // replaced by a recorder: the slots and the order are the queue's, the work is not under test here.
  const previews = parseConfig({ ...testDatabase.environment, PREVIEW_CONCURRENCY: '3' }).previews;
  const running = new Map<string, number>();
  const most = new Map<string, number>();
  let mostInAll = 0;
  const started: string[] = [];
  const runner = runnerOn(handle);
  for (const kind of prepareDocumentJobs({ config: { previews } } as AppContext)) {
    runner.register({
      ...kind,
      run: async ({ documentId }) => {
        started.push(documentId);
        running.set(kind.kind, (running.get(kind.kind) ?? 0) + 1);
        most.set(kind.kind, Math.max(most.get(kind.kind) ?? 0, running.get(kind.kind) ?? 0));
        mostInAll = Math.max(
          mostInAll,
          [...running.values()].reduce((sum, count) => sum + count, 0),
        );
        await sleep(80);
        running.set(kind.kind, (running.get(kind.kind) ?? 1) - 1);
      },
    } as JobDefinition<PrepareDocumentPayload> as never);
  }
  const MB = 1024 * 1024;
  const start = Date.now() - 60_000;
  const queue = (room: string, documentId: string, sizeBytes: number, at: number) =>
    enqueueJob(handle.db, {
      kind: preparationKindOf(sizeBytes, previews.smallFileBytes),
      payload: { documentId, generation: 1 },
      fairKey: room,
      runAt: new Date(start + at),
    });
  // Room A uploaded four small files and two large ones first; room B one small file after them all.
  for (let n = 1; n <= 4; n++) await queue('A', `A-small-${n}`, MB, n);
  await queue('A', 'A-large-1', 40 * MB, 5);
  await queue('A', 'A-large-2', 8 * MB + 1, 6);
  await queue('B', 'B-small-1', 8 * MB, 100);
  runner.start();
  await runner.whenIdle();
  expect(most.get(PREPARE_SMALL_DOCUMENT_JOB)).toBe(3);
  expect(most.get(PREPARE_DOCUMENT_JOB)).toBe(1);
  expect(mostInAll).toBe(4);
  expect(started).toHaveLength(7);
  // Room B's one file is among the first small ones, not after room A's four.
  expect(started.filter((id) => id.includes('small')).slice(0, 3)).toContain('B-small-1');
});
