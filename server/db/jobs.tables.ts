import type { Selectable } from 'kysely';
import type { EpochMs } from './column-types';

// Tables of the platform: owned by server/jobs (the durable job queue), declared here beside schema.ts because that folder
// imports server/db, and declaring them there would make the platform folders a cycle (ADR 85).
/** One durable job (docs/decisions/0040-durable-job-queue.md); `payload` is JSON. */
export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  dedupe_key: string | null;
  /** What the kind's jobs are shared fairly between (a room's id for preparations); null: arrival order. */
  fair_key: string | null;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  run_at: EpochMs;
  lease_expires_at: EpochMs | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  finished_at: EpochMs | null;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface JobsTables {
  jobs: JobsTable;
}

export type JobRow = Selectable<JobsTable>;
