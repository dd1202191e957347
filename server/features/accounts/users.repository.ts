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
