import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { WriteEpoch } from './db/write-epoch';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';

/** What services need from the platform; built once in buildApp and passed down explicitly. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  /** SQLite only: counts writes, so hot reads can be cached exactly (ADR 16). */
  writeEpoch: WriteEpoch | undefined;
  log: FastifyBaseLogger;
}
