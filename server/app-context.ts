import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CacheRegistry } from './caches/cache-registry';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { JobRunner } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';
import type { ResolveHost } from './security/resolve-host';
import type { SealingKeys } from './security/sealed-tokens';
import type { Storage } from './storage/storage';

/** What services need from the platform; built once in buildApp and passed down explicitly. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  /**
   * This app's caches, each built on first use from the definition its module owns, with its invalidation
   * rule beside it (server/caches/cache-registry.ts, ADR 34): `ctx.caches.get(sectionsCache)`.
   */
  caches: CacheRegistry;
  /** The durable job queue's worker in this process (server/jobs/job-queue.ts, ADR 40). */
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** How the requests the server makes itself find their host's addresses (webhooks, ADR 52). */
  resolveHost: ResolveHost;
  /** The keys sealing share links' addresses (ADR 76), resolved once at start. */
  shareLinkKeys: SealingKeys;
}
