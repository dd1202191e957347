import { fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { User } from '#server/plugins/auth';
import type { UserRow } from './accounts.tables';

export type { User };

export async function insertUser(db: ModuleExecutor<'accounts'>, user: User): Promise<void> {
  await db.insertInto('users').values(toRow<UserRow>(user)).execute();
}

/** Inserts the user unless one with that e-mail exists (a concurrent sign-in made it first). */
export async function insertUserIfAbsent(db: ModuleExecutor<'accounts'>, user: User): Promise<void> {
  await db
    .insertInto('users')
    .values(toRow<UserRow>(user))
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}

export async function findUserById(db: ModuleExecutor<'accounts'>, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/**
 * The users of these ids, by id (ids with no user are absent): how another module shows a person's name
 * and address beside its own rows, one query for a page of rows instead of a join into this module's
 * table (docs/decisions/0085-modules-own-their-tables.md).
 */
export async function findUsersByIds(
  db: ModuleExecutor<'accounts'>,
  ids: readonly string[],
): Promise<Map<string, User>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, fromRow(row)] as const));
}

/** By e-mail, normalised (trimmed, lower case) as every e-mail is stored. */
export async function findUserByEmail(
  db: ModuleExecutor<'accounts'>,
  normalisedEmail: string,
): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalisedEmail)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function recordLogin(db: ModuleExecutor<'accounts'>, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: toEpochMs(at) })
    .where('id', '=', userId)
    .execute();
}

/**
 * The users of these addresses, by e-mail (addresses with no account are absent): the accounts of a
 * group's people, in one query, for a module that filters its rows by them (ADR 85).
 */
export async function findUsersByEmails(
  db: ModuleExecutor<'accounts'>,
  normalisedEmails: readonly string[],
): Promise<Map<string, User>> {
  const unique = [...new Set(normalisedEmails)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').selectAll().where('email', 'in', unique).execute();
  return new Map(rows.map((row) => [row.email, fromRow(row)] as const));
}
