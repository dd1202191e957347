import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';

/** What services need from the platform; built once in buildApp and passed down explicitly. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
}
