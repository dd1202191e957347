import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type Database, TABLE_NAMES } from '#server/db/schema';
import { errorCode, OperationError } from './operation-error';

/**
 * A backup's manifest.json: written last, with the snapshot's rows per table and every file's size and
 * SHA-256; read back and checked before a restore changes anything. Also what a database (or a
 * snapshot of one) holds, in the manifest's terms, and the durable writes both operations need.
 */
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;

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

export type StoredFile = BackupManifest['files'][number];

/** What a database (or a snapshot of one) holds: rows per table, and the files its documents name. */
export interface DatabaseContents {
  rows: Record<string, number>;
  files: StoredFile[];
}

export async function contentsOf(db: Kysely<Database>): Promise<DatabaseContents> {
  const rows: Record<string, number> = {};
  for (const table of TABLE_NAMES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    rows[table] = Number(row.count);
  }
  // Originals (every version's: the current one is in both tables, once here), and the objects their
  // previews are made of, each with the size and hash recorded for it.
  const stored = await db
    .selectFrom('documents')
    .select(['storage_key', 'size_bytes', 'sha256'])
    .union(db.selectFrom('document_versions').select(['storage_key', 'size_bytes', 'sha256']))
    .union(db.selectFrom('preview_objects').select(['storage_key', 'size_bytes', 'sha256']))
    .orderBy('storage_key')
    .execute();
  return {
    rows,
    files: stored.map((object) => ({
      key: object.storage_key,
      size: object.size_bytes,
      sha256: object.sha256,
    })),
  };
}

export async function digestOf(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

export async function syncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function writeManifest(directory: string, manifest: BackupManifest): Promise<void> {
  const temporary = path.join(directory, `${MANIFEST_FILE}.part`);
  await fsp.writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await syncPath(temporary);
  await fsp.rename(temporary, path.join(directory, MANIFEST_FILE));
  await syncPath(directory);
}

/** Rows in each of our tables that exist in `db` (a never-migrated database has none). */
export async function countExistingTables(db: Kysely<Database>): Promise<Record<string, number>> {
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

export async function readManifest(directory: string): Promise<BackupManifest> {
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

/** How a restored database differs from its manifest, or undefined when it holds exactly that. */
export function differenceFrom(manifest: BackupManifest, restored: DatabaseContents): string | undefined {
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

export const dialectName = (dialect: BackupManifest['dialect']) =>
  dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';

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
    `  files:    ${manifest.files.length} stored files (${readableSize(fileBytes)}), the originals and preview objects the snapshot refers to, each with its SHA-256 in manifest.json`,
  ];
}
