import {
  type Executor,
  fromEpochMs,
  fromFlag,
  fromNullableEpochMs,
  toEpochMs,
  toFlag,
} from '../../db/columns';
import type { UserRow } from '../../db/schema';

export interface User {
  id: string;
  /** Normalised: trimmed and lower case. */
  email: string;
  name: string;
  role: 'founder' | 'investor';
  isActive: boolean;
  plan: string;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    isActive: fromFlag(row.is_active),
    plan: row.plan,
    createdAt: fromEpochMs(row.created_at),
    lastLoginAt: fromNullableEpochMs(row.last_login_at),
  };
}

function toRow(user: User): UserRow {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    is_active: toFlag(user.isActive),
    plan: user.plan,
    created_at: toEpochMs(user.createdAt),
    last_login_at: user.lastLoginAt ? toEpochMs(user.lastLoginAt) : null,
  };
}

export async function insertUser(db: Executor, user: User): Promise<void> {
  await db.insertInto('users').values(toRow(user)).execute();
}

/** Inserts the user unless one with that e-mail exists (a concurrent sign-in made it first). */
export async function insertUserIfAbsent(db: Executor, user: User): Promise<void> {
  await db
    .insertInto('users')
    .values(toRow(user))
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}

export async function findUserById(db: Executor, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function findUserByEmail(db: Executor, normalisedEmail: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalisedEmail)
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function recordLogin(db: Executor, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: toEpochMs(at) })
    .where('id', '=', userId)
    .execute();
}
