import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type ExpressionBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '#server/db/columns';
import type { Dialect } from '#server/db/database';
import type { JobRow, JobsTables } from '#server/db/jobs.tables';
import { FINISHED_JOBS_KEPT_MS, PRUNE_FINISHED_EVERY_MS } from '#server/durations';

/**
 * The one durable job queue (docs/decisions/0040-durable-job-queue.md): jobs are rows of `jobs`, on
 * SQLite and PostgreSQL alike. A worker claims a due job by setting it 'running' with a lease in one
 * statement (on PostgreSQL its subquery takes the row FOR UPDATE SKIP LOCKED), so two workers, in one
 * process or on two machines, never run the same job. The worker renews the lease while the job runs;
 * a worker that dies mid-job (kill -9) stops renewing, its lease expires within `leaseMs`, and the job
 * is claimed again. A failed attempt is retried with exponential backoff
 * until its definition's attempts are spent; then the job fails for good and `onFailed` says so.
 */

/** A job as its definition's `run` sees it. */
export interface RunningJob {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /**
   * Aborted when the attempt's time is up or the worker stops: stop the work (kill its child process).
   * The worker waits up to ABORT_GRACE_MS for `run` to return before it records the outcome.
   */
  signal: AbortSignal;
}

/** One kind of job: how to run it, how often to try, how long each attempt may take. */
export interface JobDefinition<Payload> {
  kind: string;
  /** Checks a claimed job's payload; a payload it refuses fails the job at once (no retry). */
  payloadSchema: z.ZodType<Payload>;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** An attempt still running after this long is aborted and counts as failed. */
  timeoutMs: number;
  /** At most this many jobs of this kind run at once in one process. */
  concurrency: number;
  /**
   * Shared fairly between fair keys (a room's id) instead of in arrival order: a claim takes the oldest
   * due job of the key with the fewest jobs running (on every worker), then of the key whose jobs ran
   * least recently, so one room's many jobs take turns with every other room's (ADR 61).
   */
  isSharedFairly?: boolean;
  /** Throws to fail the attempt. */
  run(payload: Payload, job: RunningJob): Promise<void>;
  /**
   * How long to wait before retrying after this failed attempt (1 for the first), where a kind keeps its
   * own schedule (webhook deliveries retry for a day, ADR 52); the runner's backoff otherwise.
   */
  retryDelayMs?(attempt: number, payload: Payload): number;
  /**
   * Called once when the job has failed for good (its last attempt failed, or its worker died during
   * the last attempt), so what waits on it can say so instead of waiting forever. Not called for a
   * payload its schema refuses: there is no payload to hand over.
   */
  onFailed?(payload: Payload, error: string): Promise<void>;
}

export interface EnqueueRequest {
  kind: string;
  payload: unknown;
  /** At most one unfinished job per key: enqueueing a key that is queued or running adds nothing. */
  dedupeKey?: string;
  /** Not before this time (now by default). */
  runAt?: Date;
  /** What this job is shared fairly by, for a kind that is (isSharedFairly): its room's id. */
  fairKey?: string;
}

/**
 * Adds a job. Called inside the caller's transaction when the job belongs to a write (an upload and its
 * preparation commit together, or neither does). Returns whether a job was added (false: a job with the
 * same dedupe key is already queued or running).
 */
export async function enqueueJob(db: Executor<JobsTables>, request: EnqueueRequest): Promise<boolean> {
  const now = Date.now();
  const inserted = await db
    .insertInto('jobs')
    .values({
      id: crypto.randomUUID(),
      kind: request.kind,
      payload: JSON.stringify(request.payload),
      dedupe_key: request.dedupeKey ?? null,
      fair_key: request.fairKey ?? null,
      status: 'queued',
      attempts: 0,
      run_at: request.runAt?.getTime() ?? now,
      lease_expires_at: null,
      locked_by: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    // The partial unique index jobs_one_unfinished_idx. Both dialects match a conflict target to a
    // partial index by its predicate, written out as in the index (a bound parameter would not match).
    .onConflict((conflict) =>
      conflict.column('dedupe_key').where(sql<boolean>`status in ('queued', 'running')`).doNothing(),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface JobRunnerOptions {
  dialect: Dialect;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs: number;
  /** The first retry waits this long, each later one twice as long as the one before (with jitter). */
  retryBaseDelayMs: number;
  /**
   * How long a claim lasts unless renewed; a running job's worker renews it every third of that. A job
   * whose worker died is taken by another within this time.
   */
  leaseMs: number;
}

/**
 * How long an aborted attempt's `run` may take to stop before the worker records the outcome anyway
 * (and frees its slot): long enough to kill a child process and roll back, short enough not to hold
 * a stopping server.
 */
const ABORT_GRACE_MS = 5_000;
/** A failure's message is kept short in the row. */
const MAX_ERROR_LENGTH = 2_000;

/** Runs registered kinds of jobs in this process. Built by buildApp as `ctx.jobs`. */
export interface JobRunner {
  // biome-ignore lint/suspicious/noExplicitAny: definitions of any payload share one registry
  register(definition: JobDefinition<any>): void;
  start(): void;
  /** Looks for due jobs now instead of at the next poll (e.g. right after an enqueue has committed). */
  wake(): void;
  /** Resolves once no job of a registered kind is due or running here (tests wait on it). */
  whenIdle(): Promise<void>;
  /**
   * Stops claiming, aborts the attempts running here and hands their jobs back (queued again, the
   * attempt not counted), so another worker takes them at once.
   */
  stop(): Promise<void>;
}

/** Claims one due job of this kind: queued and due, or running with an expired lease (its worker died). */
async function claimOne(
  db: Executor<JobsTables>,
  options: JobRunnerOptions,
  workerId: string,
  // biome-ignore lint/suspicious/noExplicitAny: see JobRunner.register()
  definition: JobDefinition<any>,
): Promise<{ row: JobRow; claim: string } | undefined> {
  const now = Date.now();
  const claim = `${workerId}:${crypto.randomUUID()}`;
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', definition.kind)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)]),
      ]),
    )
    .limit(1);
  if (definition.isSharedFairly) {
    const sameKey = (eb: ExpressionBuilder<JobsTables, 'jobs'>) =>
      eb
        .selectFrom('jobs as other')
        .where('other.kind', '=', definition.kind)
        .whereRef('other.fair_key', '=', 'jobs.fair_key');
    due = due
      // Fewest running first: a live lease, on any worker.
      .orderBy((eb) =>
        sameKey(eb)
          .select((inner) => inner.fn.countAll<number>().as('running'))
          .where('other.status', '=', 'running')
          .where('other.lease_expires_at', '>=', now),
      )
      // Then the key whose jobs were claimed or finished least recently (never: 0, first on both dialects).
      .orderBy((eb) =>
        eb.fn.coalesce(
          sameKey(eb)
            .select((inner) => inner.fn.max('other.updated_at').as('last'))
            .where('other.status', 'in', ['running', 'succeeded', 'failed']),
          eb.lit(0),
        ),
      );
  }
  due = due.orderBy('run_at');
  if (options.dialect === 'postgres') due = due.forUpdate().skipLocked();
  const row = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      locked_by: claim,
      lease_expires_at: now + options.leaseMs,
      updated_at: now,
    }))
    .where('id', '=', (eb) => eb.selectFrom(due.as('due')).select('due.id'))
    .returningAll()
    .executeTakeFirst();
  return row ? { row, claim } : undefined;
}

/** Updates a job this worker still holds: a claim taken over by another worker after its lease expired is not ours to finish. */
function updateHeld(db: Executor<JobsTables>, jobId: string, claim: string) {
  return db.updateTable('jobs').where('id', '=', jobId).where('locked_by', '=', claim);
}

/** Extends a running job's lease; a claim another worker has taken over (ours expired) is given up. */
async function renewLease(
  db: Executor<JobsTables>,
  options: JobRunnerOptions,
  jobId: string,
  claim: string,
  controller: AbortController,
): Promise<void> {
  const renewed = await updateHeld(db, jobId, claim)
    .set({ lease_expires_at: Date.now() + options.leaseMs })
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) === 0) controller.abort(new Error('the job’s lease was lost'));
}

async function finishFailed(
  db: Executor<JobsTables>,
  options: JobRunnerOptions,
  // biome-ignore lint/suspicious/noExplicitAny: see JobRunner.register()
  definition: JobDefinition<any> | undefined,
  row: JobRow,
  claim: string,
  error: string,
  payload: unknown,
): Promise<void> {
  const now = Date.now();
  const result = await updateHeld(db, row.id, claim)
    .set({ status: 'failed', finished_at: now, updated_at: now, lease_expires_at: null, last_error: error })
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return;
  options.log.error({ jobId: row.id, kind: row.kind, attempts: row.attempts, error }, 'job failed for good');
  if (definition?.onFailed && payload !== undefined) {
    await definition.onFailed(payload, error).catch((failure: unknown) => {
      options.log.error({ jobId: row.id, err: failure }, 'a failed job’s onFailed threw');
    });
  }
}

function parsePayload(
  definition: JobDefinition<unknown>,
  payload: string,
): { success: true; data: unknown } | { success: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch (error) {
    return { success: false, error: `not JSON (${(error as Error).message})` };
  }
  const parsed = definition.payloadSchema.safeParse(json);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, error: parsed.error.message };
}

function retryDelayMs(options: JobRunnerOptions, attempt: number): number {
  const exponential = options.retryBaseDelayMs * 2 ** (attempt - 1);
  // Up to a quarter more, so jobs that failed together do not all come back together.
  return Math.round(exponential * (1 + Math.random() * 0.25));
}

/**
 * Runs one claimed job's attempt under its timeout, renewing its lease, and records what came of it:
 * succeeded, queued again for a retry, failed for good, or handed back when the worker is stopping.
 */
async function runClaimed(
  db: Executor<JobsTables>,
  options: JobRunnerOptions,
  { definition, row, claim, controller, isStopping }: ClaimedAttempt,
): Promise<void> {
  const parsed = parsePayload(definition, row.payload);
  if (!parsed.success) {
    await finishFailed(db, options, definition, row, claim, `payload refused: ${parsed.error}`, undefined);
    return;
  }
  if (row.attempts > definition.maxAttempts) {
    // Its worker died during the last attempt (the lease expired): nothing is left to try.
    await finishFailed(
      db,
      options,
      definition,
      row,
      claim,
      row.last_error ?? 'the worker stopped during the last attempt',
      parsed.data,
    );
    return;
  }
  const timeout = setTimeout(
    () => controller.abort(new Error(`timed out after ${definition.timeoutMs} ms`)),
    definition.timeoutMs,
  );
  const heartbeat = setInterval(() => {
    renewLease(db, options, row.id, claim, controller).catch((error: unknown) => {
      options.log.warn({ jobId: row.id, err: error }, 'could not renew a job’s lease');
    });
  }, options.leaseMs / 3);
  try {
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    const run = definition.run(parsed.data, {
      id: row.id,
      attempt: row.attempts,
      signal: controller.signal,
    });
    try {
      await Promise.race([run, aborted]);
    } catch (failure) {
      // Aborted: the work is told to stop; give it a moment to, so it never runs on beside a retry
      // of itself, past its slot, or past the database closing.
      if (controller.signal.aborted) await settledWithin(run, ABORT_GRACE_MS);
      throw failure;
    }
    const now = Date.now();
    await updateHeld(db, row.id, claim)
      .set({ status: 'succeeded', finished_at: now, updated_at: now, lease_expires_at: null })
      .execute();
  } catch (failure) {
    if (isStopping()) {
      // Handed back: the attempt does not count, and another worker may take it at once.
      await updateHeld(db, row.id, claim)
        .set((eb) => ({
          status: 'queued',
          attempts: eb('attempts', '-', 1),
          locked_by: null,
          lease_expires_at: null,
          updated_at: Date.now(),
        }))
        .execute();
      return;
    }
    const error = (failure instanceof Error ? failure.message : String(failure)).slice(0, MAX_ERROR_LENGTH);
    if (row.attempts >= definition.maxAttempts) {
      await finishFailed(db, options, definition, row, claim, error, parsed.data);
      return;
    }
    options.log.warn(
      { jobId: row.id, kind: row.kind, attempt: row.attempts, error },
      'job attempt failed; retrying',
    );
    const now = Date.now();
    await updateHeld(db, row.id, claim)
      .set({
        status: 'queued',
        run_at:
          now + (definition.retryDelayMs?.(row.attempts, parsed.data) ?? retryDelayMs(options, row.attempts)),
        locked_by: null,
        lease_expires_at: null,
        last_error: error,
        updated_at: now,
      })
      .execute();
  } finally {
    clearTimeout(timeout);
    clearInterval(heartbeat);
  }
}

interface ClaimedAttempt {
  definition: JobDefinition<unknown>;
  row: JobRow;
  claim: string;
  controller: AbortController;
  /** Whether the worker is stopping now (an attempt aborted then is handed back, not counted). */
  isStopping: () => boolean;
}

export function createJobRunner(db: Executor<JobsTables>, options: JobRunnerOptions): JobRunner {
  // biome-ignore lint/suspicious/noExplicitAny: see register()
  const definitions = new Map<string, JobDefinition<any>>();
  const runningByKind = new Map<string, number>();
  const running = new Map<string, { claim: string; controller: AbortController; done: Promise<void> }>();
  const workerId = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;
  let lastPrunedAt = 0;

  // biome-ignore lint/suspicious/noExplicitAny: see register()
  function hasFreeSlot(definition: JobDefinition<any>): boolean {
    return (runningByKind.get(definition.kind) ?? 0) < definition.concurrency;
  }

  function launch(row: JobRow, claim: string): void {
    const controller = new AbortController();
    runningByKind.set(row.kind, (runningByKind.get(row.kind) ?? 0) + 1);
    // Claimed by kind, so its definition is registered.
    const definition = definitions.get(row.kind) as JobDefinition<unknown>;
    const isStopping = () => stopping;
    const done = runClaimed(db, options, { definition, row, claim, controller, isStopping })
      .catch((error: unknown) => {
        options.log.error({ jobId: row.id, err: error }, 'could not record a job’s outcome');
      })
      .finally(() => {
        running.delete(row.id);
        runningByKind.set(row.kind, (runningByKind.get(row.kind) ?? 1) - 1);
        // A slot is free: there may be more to do.
        if (!stopping) runner.wake();
      });
    running.set(row.id, { claim, controller, done });
  }

  async function pruneFinished(): Promise<void> {
    const now = Date.now();
    if (now - lastPrunedAt < PRUNE_FINISHED_EVERY_MS) return;
    lastPrunedAt = now;
    await db
      .deleteFrom('jobs')
      .where('status', 'in', ['succeeded', 'failed'])
      .where('finished_at', '<', now - FINISHED_JOBS_KEPT_MS)
      .execute();
  }

  async function poll(): Promise<void> {
    do {
      pollAgain = false;
      for (const definition of definitions.values()) {
        while (!stopping && hasFreeSlot(definition)) {
          const claimed = await claimOne(db, options, workerId, definition);
          if (!claimed) break;
          launch(claimed.row, claimed.claim);
        }
      }
      await pruneFinished();
    } while (pollAgain && !stopping);
  }

  function schedule(): void {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => runner.wake(), options.pollIntervalMs);
    timer.unref();
  }

  const runner: JobRunner = {
    register(definition) {
      if (definitions.has(definition.kind))
        throw new Error(`job kind ${definition.kind} is registered twice`);
      definitions.set(definition.kind, definition);
    },
    start() {
      if (started) return;
      started = true;
      runner.wake();
    },
    wake() {
      if (!started || stopping) return;
      if (polling) {
        pollAgain = true;
        return;
      }
      polling = poll()
        .catch((error: unknown) => options.log.error({ err: error }, 'job queue poll failed'))
        .finally(() => {
          polling = undefined;
          schedule();
        });
    },
    async whenIdle() {
      for (;;) {
        await polling;
        await Promise.all([...running.values()].map((job) => job.done));
        const kinds = [...definitions.keys()];
        const now = Date.now();
        const due =
          kinds.length === 0
            ? undefined
            : await db
                .selectFrom('jobs')
                .select('id')
                .where('kind', 'in', kinds)
                .where((eb) =>
                  eb.or([
                    eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
                    eb('status', '=', 'running'),
                  ]),
                )
                .limit(1)
                .executeTakeFirst();
        if (!due && running.size === 0 && !polling) return;
        runner.wake();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await polling;
      for (const job of running.values()) job.controller.abort(new Error('the worker is stopping'));
      await Promise.all([...running.values()].map((job) => job.done));
    },
  };
  return runner;
}

/** Waits until `work` has settled, whatever its outcome, or `ms` has passed. */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
