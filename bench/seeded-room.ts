import crypto from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { startPostgresCluster } from '#tests/support/postgres-cluster';
import { percentile } from './report';
import { apiCall } from './room-fixture';
import { createBenchFounder, type RunningServer, startRoundroom } from './servers';

/**
 * For the budgets measured on a room seeded straight into the server's database (millions of rows the
 * API would take hours to write): the server and its founder, the database to seed, multi-row inserts,
 * and a run on SQLite then on a throwaway PostgreSQL cluster.
 */

export type Dialect = 'sqlite' | 'postgres';

/**
 * Rows of one table, inserted by one multi-row INSERT per chunk. Chunks stay under SQLite's 32766
 * bound parameters (and PostgreSQL's 65535).
 */
export class BatchInsert<Table extends keyof Database & string> {
  readonly #rows: Database[Table][] = [];
  count = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: Table,
    private readonly rowsPerInsert: number,
    /** Rows this table's foreign keys point at, written first. */
    private readonly after?: { flush(): Promise<void> },
  ) {}

  async add(row: Database[Table]): Promise<void> {
    this.#rows.push(row);
    this.count++;
    if (this.#rows.length >= this.rowsPerInsert) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#rows.length === 0) return;
    await this.after?.flush();
    const rows = this.#rows.splice(0);
    try {
      await this.db
        .insertInto(this.table)
        .values(rows as never)
        .execute();
    } catch (error) {
      throw new Error(`seeding ${this.table}: ${error instanceof Error ? error.message : error}`);
    }
  }
}

/**
 * A PDF document of the room, uploaded by its founder at `at` (epoch ms), with its pages prepared: the
 * rows a seeded room's documents need, as the server writes them (its version 1 for those that read
 * versions).
 */
export function preparedDocumentRows(document: {
  id: string;
  roomId: string;
  founderId: string;
  title: string;
  index: number;
  pages: number;
  storagePrefix: string;
  at: number;
}): {
  document: Database['documents'];
  preview: Database['document_previews'];
  version: Database['document_versions'];
} {
  const { at } = document;
  const sha256 = crypto.randomBytes(32).toString('hex');
  return {
    version: {
      document_id: document.id,
      number: 1,
      room_id: document.roomId,
      original_name: `document-${document.index + 1}.pdf`,
      file_type: 'pdf',
      mime_type: 'application/pdf',
      size_bytes: 1_000_000,
      sha256,
      storage_key: `${document.storagePrefix}/${document.id}`,
      uploaded_by: document.founderId,
      created_at: at,
      status: 'current',
      is_readers_notified: 0,
      page_count: document.pages,
    },
    document: {
      id: document.id,
      room_id: document.roomId,
      title: document.title,
      original_name: `document-${document.index + 1}.pdf`,
      file_type: 'pdf',
      mime_type: 'application/pdf',
      size_bytes: 1_000_000,
      download_policy: null,
      sha256,
      storage_key: `${document.storagePrefix}/${document.id}`,
      uploaded_by: document.founderId,
      created_at: at,
      updated_at: at,
      current_version: 1,
    },
    preview: {
      document_id: document.id,
      kind: 'pages',
      status: 'ready',
      generation: 1,
      failure_code: null,
      page_count: document.pages,
      is_text_available: 1,
      created_at: at,
      updated_at: at,
      prepared_at: at,
      version_number: 1,
    },
  };
}

/** Inserts `rows` in multi-row INSERTs of `rowsPerInsert`. */
export async function insertAll<Table extends keyof Database & string>(
  db: Kysely<Database>,
  table: Table,
  rows: Database[Table][],
  rowsPerInsert: number,
): Promise<void> {
  const batch = new BatchInsert(db, table, rowsPerInsert);
  for (const row of rows) await batch.add(row);
  await batch.flush();
}

export interface SeedableServer {
  server: RunningServer;
  founderToken: string;
  founderId: string;
  roomId: string;
  /** The server's own database, to open beside it and seed. */
  database: Config['database'];
}

/** Our built server (on PostgreSQL when given its URL) with a founder and their room, made through the API. */
export async function startSeedableServer(databaseUrl?: string): Promise<SeedableServer> {
  const server = await startRoundroom(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const founder = await createBenchFounder(server.baseUrl);
  const room = (await apiCall(server, 'GET', '/api/my-data-room', founder.token)) as { id: string };
  const me = (await apiCall(server, 'GET', '/api/auth/me', founder.token)) as { user: { id: string } };
  const database: Config['database'] = databaseUrl
    ? { dialect: 'postgres', url: databaseUrl }
    : { dialect: 'sqlite', file: path.join(server.dataDir, 'roundroom.sqlite') };
  return { server, founderToken: founder.token, founderId: me.user.id, roomId: room.id, database };
}

/** `measure` on SQLite, then on a throwaway PostgreSQL cluster (the tests' kind). */
export async function onSqliteThenPostgres<Row>(
  measure: (dialect: Dialect, databaseUrl?: string) => Promise<Row[]>,
): Promise<Row[]> {
  const rows = await measure('sqlite');
  const cluster = await startPostgresCluster();
  try {
    rows.push(...(await measure('postgres', cluster.url)));
  } finally {
    cluster.stop();
  }
  return rows;
}

/** A small deterministic generator, so two runs seed the same room. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** p95 of sequential GETs of one path (300, after 30 to warm up), beside which a budget row stands. */
export async function p95Of(server: RunningServer, urlPath: string, token: string | null): Promise<number> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${urlPath}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${urlPath}: ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 30; i++) await once();
  const latencies: number[] = [];
  for (let i = 0; i < 300; i++) latencies.push(await once());
  return percentile(latencies, 0.95);
}
