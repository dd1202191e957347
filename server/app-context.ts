import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';

/** What services need from the platform; built once in buildApp and passed down explicitly. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}
