import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { type Database, TABLE_NAMES } from '../db/schema';
import { type HeldLock, tryExclusiveServerLock } from '../db/server-lock';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import { type PendingObject, type RemovalHold, type Storage, StorageHeldError } from '../storage/storage';
import { runPostgresTool } from './postgres-tools';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts). A backup directory
 * holds a snapshot of the database, the uploaded files that snapshot refers to, and manifest.json,
 * written last, with every file's size and SHA-256. Why the pair is consistent while the server
 * runs: docs/decisions/0022-consistent-backups.md.
 */

/** A refusal or a failure the operator can act on: the scripts print its message and exit 1. */
export class OperationError extends Error {}

const MANIFEST_FILE = 'manifest.json';
const DATABASE_FILE = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;

const digestSchema = z.object({
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
const manifestSchema = z.object({
  format: z.literal('roundroom-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  database: digestSchema.extend({ file: z.enum([DATABASE_FILE.sqlite, DATABASE_FILE.postgres]) }),
  rows: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(digestSchema.extend({ key: z.uuid() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

type StoredFile = BackupManifest['files'][number];

/** What a database (or a snapshot of one) holds: rows per table, and the files its documents name. */
interface DatabaseContents {
  rows: Record<string, number>;
  files: StoredFile[];
}

async function contentsOf(db: Kysely<Database>): Promise<DatabaseContents> {
  const rows: Record<string, number> = {};
  for (const table of TABLE_NAMES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    rows[table] = Number(row.count);
  }
  const documents = await db
    .selectFrom('documents')
    .select(['storage_key', 'size_bytes', 'sha256'])
    .orderBy('storage_key')
    .execute();
  return {
    rows,
    files: documents.map((document) => ({
      key: document.storage_key,
      size: document.size_bytes,
      sha256: document.sha256,
    })),
  };
}

async function digestOf(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

async function syncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

// ---------------------------------------------------------------------------------------------------
// The live database, as a backup reads it.

interface LiveDatabase {
  /** Writes a consistent snapshot to `file` and says what it holds, as of the same instant. */
  snapshot(file: string): Promise<DatabaseContents>;
  close(): Promise<void>;
}

/** Kysely over a plain better-sqlite3 connection (not the server's: no WAL switch, no plugins). */
const kyselyOver = (connection: SqliteDatabase.Database) =>
  new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });

/** More pages than any database has: the whole copy happens in one step. */
const ALL_PAGES = 0x7fffffff;

function openLiveSqlite(file: string): LiveDatabase {
  if (!fs.existsSync(file)) {
    throw new OperationError(
      `There is no database at ${file}, so there is nothing to back up. Is DATA_DIR right?`,
    );
  }
  return {
    async snapshot(target) {
      await fsp.rm(target, { force: true });
      // SQLite's online backup API. Copying every page in one step reads them all in one read
      // transaction, so the copy is the database as of one instant, and the server's writes (which
      // would restart a copy made in many steps) cannot starve it. Readers never block the writer.
      const source = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
      try {
        await source.backup(target, { progress: () => ALL_PAGES });
      } finally {
        source.close();
      }
      const copy = new SqliteDatabase(target);
      // One self-contained file, with no -wal beside it, whatever the live database's journal mode.
      copy.pragma('journal_mode = DELETE');
      const db = kyselyOver(copy);
      try {
        return await contentsOf(db);
      } finally {
        await db.destroy();
      }
    },
    close: async () => {},
  };
}

function openLivePostgres(url: string): LiveDatabase {
  const { db } = openDatabase({ dialect: 'postgres', url });
  return {
    snapshot: (target) =>
      db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          // pg_dump reads through this transaction's snapshot, and so do the counts below: both see
          // the database as of the same instant, while the server goes on writing.
          const exported = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(
            trx,
          );
          const snapshot = exported.rows[0]?.snapshot ?? '';
          await runPostgresTool(
            'pg_dump',
            ['--format=custom', `--snapshot=${snapshot}`, `--file=${target}`],
            url,
          );
          return contentsOf(trx);
        }),
    close: () => db.destroy(),
  };
}

const openLive = (database: Config['database']): LiveDatabase =>
  database.dialect === 'sqlite' ? openLiveSqlite(database.file) : openLivePostgres(database.url);

// ---------------------------------------------------------------------------------------------------
// Backup.

async function requireEmptyDirectory(directory: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fsp.readdir(directory);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    // A backup holds every e-mail address and document: readable by its owner only.
    await fsp.mkdir(directory, { recursive: true, mode: 0o700 });
    return;
  }
  if (entries.length > 0) {
    throw new OperationError(
      `${directory} is not empty. Back up into a new directory (for example one named after the date).`,
    );
  }
}

/**
 * Copies the files a snapshot refers to, each checked against the size and SHA-256 its row records.
 * Reading through the hold also finds files whose document was deleted after the snapshot.
 */
async function copyFiles(files: StoredFile[], live: RemovalHold, backup: Storage, uploadsDir: string) {
  for (const file of files) {
    let pending: PendingObject;
    try {
      pending = await backup.write(await live.read(file.key), { maxBytes: Number.MAX_SAFE_INTEGER });
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      throw new OperationError(
        `The stored file ${file.key} is missing from ${uploadsDir} although a document refers to it. The live data is damaged; no backup was written.`,
      );
    }
    if (pending.size !== file.size || pending.sha256 !== file.sha256) {
      await pending.discard();
      throw new OperationError(
        `The stored file ${file.key} is not what its document records (${pending.size} bytes, SHA-256 ${pending.sha256}; recorded ${file.size} bytes, ${file.sha256}). The live data is damaged; no backup was written.`,
      );
    }
    await pending.commit(file.key);
  }
}

async function writeManifest(directory: string, manifest: BackupManifest): Promise<void> {
  const temporary = path.join(directory, `${MANIFEST_FILE}.part`);
  await fsp.writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await syncPath(temporary);
  await fsp.rename(temporary, path.join(directory, MANIFEST_FILE));
  await syncPath(directory);
}

export interface BackupOptions {
  /**
   * Called after the database snapshot, before its files are copied: the moment a concurrent delete
   * matters, which tests use to delete a document exactly there.
   */
  afterSnapshot?: () => Promise<void>;
}

/** Backs up the configured database and DATA_DIR/uploads into `directory` (new or empty), while the server runs. */
export async function backUp(
  config: Config,
  directory: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  const target = path.resolve(directory);
  const live = openLive(config.database);
  try {
    await requireEmptyDirectory(target);
    try {
      return await backUpInto(config, target, live, options);
    } catch (error) {
      // An incomplete backup has no manifest, so restore would refuse it; leave nothing to confuse.
      await fsp.rm(target, { recursive: true, force: true });
      throw error;
    }
  } finally {
    await live.close();
  }
}

async function backUpInto(
  config: Config,
  target: string,
  live: LiveDatabase,
  { afterSnapshot }: BackupOptions,
): Promise<BackupManifest> {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const copies = createLocalDiskStorage(path.join(target, 'uploads'));
  const databaseFile = path.join(target, DATABASE_FILE[config.database.dialect]);

  // Held from before the snapshot until every file is copied: a document deleted after the snapshot
  // keeps its file (aside, in uploads/deleted) until then. Files are stored before their row exists,
  // so every file the snapshot names is in one place or the other.
  let hold: RemovalHold;
  try {
    hold = await createLocalDiskStorage(uploadsDir).holdRemovals();
  } catch (error) {
    if (error instanceof StorageHeldError) throw new OperationError(`Not now: ${error.message}.`);
    throw error;
  }
  try {
    const createdAt = new Date().toISOString();
    const contents = await live.snapshot(databaseFile);
    await afterSnapshot?.();
    await copyFiles(contents.files, hold, copies, uploadsDir);
    await fsp.rm(path.join(target, 'uploads', 'tmp'), { recursive: true, force: true });
    await fsp.chmod(databaseFile, 0o600);
    await syncPath(databaseFile);
    const manifest: BackupManifest = {
      format: 'roundroom-backup',
      version: 1,
      createdAt,
      dialect: config.database.dialect,
      database: { file: DATABASE_FILE[config.database.dialect], ...(await digestOf(databaseFile)) },
      rows: contents.rows,
      files: contents.files,
    };
    await writeManifest(target, manifest);
    return manifest;
  } finally {
    await hold.release();
  }
}

// ---------------------------------------------------------------------------------------------------
// The target of a restore.

interface TargetDatabase {
  /**
   * Refuses when a server is running on the database. How it knows, per dialect: ADR 22. On PostgreSQL
   * it also keeps any server from starting until close().
   */
  requireNoServer(): Promise<void>;
  /** Rows in each of our tables that exist there (none in a new, never-migrated database). */
  existingRows(): Promise<Record<string, number>>;
  /** Replaces the whole database with the (verified) snapshot, all or nothing. */
  replaceWith(snapshot: string): Promise<void>;
  contents(): Promise<DatabaseContents>;
  close(): Promise<void>;
}

async function countExistingTables(db: Kysely<Database>): Promise<Record<string, number>> {
  const present = new Set((await db.introspection.getTables()).map((table) => table.name));
  const rows: Record<string, number> = {};
  for (const table of TABLE_NAMES.filter((name) => present.has(name))) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    rows[table] = Number(row.count);
  }
  return rows;
}

function sqliteTarget(file: string): TargetDatabase {
  const withConnection = async <T>(use: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
    if (!fs.existsSync(file)) throw new Error(`unreachable: ${file} is checked first`);
    const db = kyselyOver(new SqliteDatabase(file, { readonly: true, fileMustExist: true }));
    try {
      return await use(db);
    } finally {
      await db.destroy();
    }
  };
  return {
    async requireNoServer() {
      if (!fs.existsSync(file)) return;
      const connection = new SqliteDatabase(file, { timeout: 0 });
      try {
        // Leaving WAL mode needs the only connection: it fails while a server has the file open, and a
        // server keeps its one connection open from start to close, busy or idle. It also folds any
        // -wal left by a crash into the file, so nothing is lost before replacing it.
        connection.pragma('journal_mode = DELETE');
      } catch (error) {
        if (errorCode(error) !== 'SQLITE_BUSY') throw error;
        throw new OperationError(
          `${file} is in use by another process. Stop the server before restoring; nothing was changed.`,
        );
      } finally {
        connection.close();
      }
    },
    existingRows: async () => (fs.existsSync(file) ? withConnection(countExistingTables) : {}),
    async replaceWith(snapshot) {
      const staging = `${file}.restoring`;
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.copyFile(snapshot, staging);
      await syncPath(staging);
      // A -wal or -shm of the replaced database would be applied to the new one: remove them first.
      for (const suffix of ['-wal', '-shm', '-journal']) await fsp.rm(`${file}${suffix}`, { force: true });
      await fsp.rename(staging, file);
      await syncPath(path.dirname(file));
    },
    contents: () => withConnection(contentsOf),
    close: async () => {},
  };
}

function postgresTarget(url: string): TargetDatabase {
  const { db } = openDatabase({ dialect: 'postgres', url });
  let lock: HeldLock | undefined;
  return {
    async requireNoServer() {
      lock = await tryExclusiveServerLock(url);
      if (!lock) {
        throw new OperationError(
          `A Roundroom server is running on ${describePostgres(url)}: it holds the server lock (ADR 22). Stop every server using this database before restoring; nothing was changed.`,
        );
      }
    },
    existingRows: () => countExistingTables(db),
    replaceWith: (snapshot) =>
      // --clean drops the tables the dump recreates, and --single-transaction makes the drop and the
      // load one transaction: a failure leaves the database as it was.
      runPostgresTool(
        'pg_restore',
        [
          '--clean',
          '--if-exists',
          '--single-transaction',
          '--exit-on-error',
          '--no-owner',
          '--no-privileges',
          snapshot,
        ],
        url,
      ),
    contents: () => contentsOf(db),
    async close() {
      await db.destroy();
      await lock?.release();
    },
  };
}

const openTarget = (database: Config['database']): TargetDatabase =>
  database.dialect === 'sqlite' ? sqliteTarget(database.file) : postgresTarget(database.url);

// ---------------------------------------------------------------------------------------------------
// Restore.

async function readManifest(directory: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fsp.readFile(path.join(directory, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    throw new OperationError(
      `${directory} has no ${MANIFEST_FILE}: it is not a complete Roundroom backup (a backup writes its manifest last).`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OperationError(`${path.join(directory, MANIFEST_FILE)} is not valid JSON.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new OperationError(
      `${path.join(directory, MANIFEST_FILE)} is not a Roundroom backup manifest: ${issue?.path.join('.') || 'it'} ${issue?.message ?? 'is invalid'}.`,
    );
  }
  return result.data;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Rows and stored files that were in the target before, replaced (only with --force). */
  replaced: { rows: number; files: number };
}

/**
 * Restores the backup in `directory` into the configured database and DATA_DIR/uploads. Refuses a
 * target that holds data unless `force`, and a database a server has open. The backup is verified
 * against its manifest (the database snapshot and every file) before anything is changed.
 */
export async function restore(
  config: Config,
  directory: string,
  { force }: { force: boolean },
): Promise<RestoreResult> {
  const source = path.resolve(directory);
  const manifest = await readManifest(source);
  if (manifest.dialect !== config.database.dialect) {
    throw new OperationError(
      `This is a backup of a ${dialectName(manifest.dialect)} database, but the configuration points at ${dialectName(config.database.dialect)} (DATABASE_URL is ${config.database.dialect === 'postgres' ? 'set' : 'not set'}). Restore into the same kind of database; nothing was changed.`,
    );
  }
  const snapshot = path.join(source, manifest.database.file);
  const snapshotDigest = await digestOf(snapshot).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT')
      throw new OperationError(`${snapshot} is missing; nothing was changed.`);
    throw error;
  });
  if (snapshotDigest.size !== manifest.database.size || snapshotDigest.sha256 !== manifest.database.sha256) {
    throw new OperationError(
      `${snapshot} differs from its manifest entry: the backup is damaged. Nothing was changed.`,
    );
  }

  const target = openTarget(config.database);
  try {
    await target.requireNoServer();
    const storage = createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
    const existingRows = Object.values(await target.existingRows()).reduce((sum, count) => sum + count, 0);
    const existingFiles = await storage.list();
    if ((existingRows > 0 || existingFiles.length > 0) && !force) {
      throw new OperationError(
        `The target already holds data (${existingRows} rows in ${describeDatabase(config)}, ${existingFiles.length} files in ${path.join(config.dataDir, 'uploads')}). Restoring replaces all of it: run again with --force if that is what you want. Nothing was changed.`,
      );
    }

    const staged = await stageFiles(manifest.files, source, storage);
    // Files first, then the database: a failure in between leaves files no row refers to (set aside
    // at the next start), never a row without its file.
    for (const [index, file] of manifest.files.entries()) await staged[index]?.commit(file.key);
    await target.replaceWith(snapshot);
    const wanted = new Set(manifest.files.map((file) => file.key));
    for (const key of existingFiles) if (!wanted.has(key)) await storage.remove(key);

    const difference = differenceFrom(manifest, await target.contents());
    if (difference) {
      throw new OperationError(
        `The restored database does not hold what the manifest lists: ${difference}. Do not start the server on it; restore again with --force.`,
      );
    }
    return { manifest, replaced: { rows: existingRows, files: existingFiles.length } };
  } finally {
    await target.close();
  }
}

/** How a restored database differs from its manifest, or undefined when it holds exactly that. */
function differenceFrom(manifest: BackupManifest, restored: DatabaseContents): string | undefined {
  for (const [table, count] of Object.entries(manifest.rows)) {
    if (restored.rows[table] !== count)
      return `${table} has ${restored.rows[table] ?? 'no'} rows, not ${count}`;
  }
  const listed = new Map(manifest.files.map((file) => [file.key, file]));
  if (restored.files.length !== listed.size) {
    return `its documents name ${restored.files.length} files, not ${listed.size}`;
  }
  for (const file of restored.files) {
    const entry = listed.get(file.key);
    if (entry?.size !== file.size || entry.sha256 !== file.sha256)
      return `the document of file ${file.key} differs`;
  }
  return undefined;
}

/** Writes every file of the backup into the target's temporary area, checked against the manifest. */
async function stageFiles(files: StoredFile[], source: string, storage: Storage): Promise<PendingObject[]> {
  const staged: PendingObject[] = [];
  try {
    for (const file of files) {
      const from = path.join(source, 'uploads', file.key);
      const pending = await storage.write(fs.createReadStream(from), { maxBytes: Number.MAX_SAFE_INTEGER });
      staged.push(pending);
      if (pending.size !== file.size || pending.sha256 !== file.sha256) {
        throw new OperationError(
          `${from} differs from its manifest entry: the backup is damaged. Nothing was changed.`,
        );
      }
    }
    return staged;
  } catch (error) {
    await Promise.all(staged.map((pending) => pending.discard()));
    if (errorCode(error) === 'ENOENT') {
      throw new OperationError(
        `A file the manifest lists is missing from ${source}/uploads. Nothing was changed.`,
      );
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// What the scripts print.

const dialectName = (dialect: BackupManifest['dialect']) => (dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL');

function describePostgres(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`; // never the password
}

function describeDatabase(config: Config): string {
  return config.database.dialect === 'sqlite' ? config.database.file : describePostgres(config.database.url);
}

function readableSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Lines describing what a manifest holds, for both scripts' reports. */
export function describeManifest(manifest: BackupManifest): string[] {
  const rows = Object.entries(manifest.rows);
  const total = rows.reduce((sum, [, count]) => sum + count, 0);
  const fileBytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  return [
    `  database: ${dialectName(manifest.dialect)} snapshot ${manifest.database.file} (${readableSize(manifest.database.size)}), ${total} rows: ${rows.map(([table, count]) => `${table} ${count}`).join(', ')}`,
    `  files:    ${manifest.files.length} uploaded files (${readableSize(fileBytes)}), the ones the snapshot's documents refer to, each with its SHA-256 in manifest.json`,
  ];
}

export function describeBackupSource(config: Config): string {
  return `${describeDatabase(config)} and ${path.join(config.dataDir, 'uploads')}`;
}
