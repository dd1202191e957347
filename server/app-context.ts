import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Caches } from './caches/caches';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { JobRunner } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';
import type { ResolveHost } from './security/resolve-host';
import type { Storage } from './storage/storage';

/** What services need from the platform; built once in buildApp and passed down explicitly. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  /** Every cache, each with its invalidation rule (server/caches/caches.ts, ADR 34). */
  caches: Caches;
  /** The durable job queue's worker in this process (server/jobs/job-queue.ts, ADR 40). */
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** How the requests the server makes itself find their host's addresses (webhooks, ADR 52). */
  resolveHost: ResolveHost;
}
