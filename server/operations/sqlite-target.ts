import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '#server/db/schema';
import type { LiveDatabase, TargetDatabase } from './database-handles';
import { contentsOf, countExistingTables, syncPath } from './manifest';
import { errorCode, OperationError } from './operation-error';

/** A SQLite file as a backup reads it and as a restore replaces it. */

/** Kysely over a plain better-sqlite3 connection (not the server's: no WAL switch, no plugins). */
const kyselyOver = (connection: SqliteDatabase.Database) =>
  new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });

/** More pages than any database has: the whole copy happens in one step. */
const ALL_PAGES = 0x7fffffff;

export function openLiveSqlite(file: string): LiveDatabase {
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

export function sqliteTarget(file: string): TargetDatabase {
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
