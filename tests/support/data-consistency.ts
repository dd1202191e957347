import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Config } from '#server/config';
import type { Dialect } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { storedBytes, storedNames } from './stored-objects';

/**
 * What a crash or a restore must never leave, as a list of problems (empty when all is well):
 * - a database that fails its own checks. SQLite: `integrity_check` and `foreign_key_check`.
 *   PostgreSQL has no integrity pragma and enforces its constraints itself, so this asks, for every
 *   foreign key in the catalogue, whether any row points at nothing;
 * - a document or preview-object row whose file is missing, or differs from the size and SHA-256 the row
 *   records;
 * - a stored file that no row refers to, or a temporary file (the start-up sweeps remove both).
 */
export async function consistencyProblems(
  db: Kysely<Database>,
  dialect: Dialect,
  config: Config,
): Promise<string[]> {
  const problems = dialect === 'sqlite' ? await sqliteProblems(db) : await postgresForeignKeyProblems(db);

  const documents = await db
    .selectFrom('documents')
    .select(['id', 'storage_key', 'size_bytes', 'sha256'])
    .unionAll(
      db
        .selectFrom('preview_objects')
        .select([sql<string>`document_id || '/' || name`.as('id'), 'storage_key', 'size_bytes', 'sha256']),
    )
    .execute();
  for (const document of documents) {
    const bytes = await storedBytes(config, document.storage_key);
    if (!bytes) {
      problems.push(`document ${document.id} has no file`);
      continue;
    }
    if (bytes.length !== document.size_bytes)
      problems.push(
        `document ${document.id}: ${bytes.length} bytes on disk, ${document.size_bytes} recorded`,
      );
    if (crypto.createHash('sha256').update(bytes).digest('hex') !== document.sha256)
      problems.push(`document ${document.id}: the file's SHA-256 differs from the recorded one`);
  }
  const referenced = new Set(documents.map((document) => document.storage_key));
  for (const name of await storedNames(config, 'objects')) {
    if (!referenced.has(name)) problems.push(`stored object ${name} has no document`);
  }
  for (const name of await storedNames(config, 'tmp')) problems.push(`temporary object ${name} was left`);
  return problems;
}

async function sqliteProblems(db: Kysely<Database>): Promise<string[]> {
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const foreignKeys = await sql<{
    table: string;
    rowid: number;
    parent: string;
  }>`pragma foreign_key_check`.execute(db);
  return [
    ...integrity.rows.filter((row) => row.integrity_check !== 'ok').map((row) => row.integrity_check),
    ...foreignKeys.rows.map((row) => `${row.table} row ${row.rowid} points at a missing ${row.parent}`),
  ];
}

async function postgresForeignKeyProblems(db: Kysely<Database>): Promise<string[]> {
  const foreignKeys = await sql<{ child: string; column: string; parent: string; parent_column: string }>`
    select c.conrelid::regclass::text as child, a.attname as column,
           c.confrelid::regclass::text as parent, pa.attname as parent_column
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace and cardinality(c.conkey) = 1`.execute(
    db,
  );
  if (foreignKeys.rows.length === 0) return ['no foreign keys found in the catalogue'];
  const problems: string[] = [];
  for (const key of foreignKeys.rows) {
    const orphans = await sql<{ count: string }>`
      select count(*) as count from ${sql.table(key.child)} child
      where child.${sql.ref(key.column)} is not null and not exists (
        select 1 from ${sql.table(key.parent)} parent
        where parent.${sql.ref(key.parent_column)} = child.${sql.ref(key.column)})`.execute(db);
    const count = Number(orphans.rows[0]?.count ?? 0);
    if (count > 0) problems.push(`${count} ${key.child} rows point at a missing ${key.parent}`);
  }
  return problems;
}
