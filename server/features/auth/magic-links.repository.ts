import { fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { MagicLinkRow } from './auth.tables';

export async function insertMagicLink(
  db: ModuleExecutor<'auth'>,
  link: {
    id: string;
    email: string;
    tokenHash: string;
    codeHash: string;
    browserMarkHash: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('magic_links')
    .values(toRow<MagicLinkRow>({ ...link, usedAt: null }))
    .execute();
}

export async function deleteMagicLink(db: ModuleExecutor<'auth'>, id: string): Promise<void> {
  await db.deleteFrom('magic_links').where('id', '=', id).execute();
}

export async function countMagicLinksSince(
  db: ModuleExecutor<'auth'>,
  email: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('magic_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>', toEpochMs(since))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An unused, unexpired link by its token's hash, read without spending it: who it is for, who asked. */
export async function findUsableMagicLink(db: ModuleExecutor<'auth'>, tokenHash: string, now: Date) {
  return db
    .selectFrom('magic_links')
    .select(['id', 'email', 'browser_mark_hash'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toEpochMs(now))
    .executeTakeFirst();
}

/** The address's newest link, whatever its state: only its code may be typed (one code in play at once). */
export async function findNewestMagicLink(db: ModuleExecutor<'auth'>, email: string) {
  const row = await db
    .selectFrom('magic_links')
    .selectAll()
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && fromRow(row);
}

/** Marks the link used by its id, once: false when it was used, or expired, a moment before. */
export async function consumeMagicLinkById(
  db: ModuleExecutor<'auth'>,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('magic_links')
    .set({ used_at: toEpochMs(now) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toEpochMs(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks the link used and returns its e-mail, in one statement: of any number of concurrent
 * verifications of one link, exactly one gets a row back.
 */
export async function consumeMagicLink(
  db: ModuleExecutor<'auth'>,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('magic_links')
    .set({ used_at: toEpochMs(now) })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toEpochMs(now))
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}

/** How many sign-in links for this e-mail were ever used: each one proved someone reads the mailbox. */
export async function countUsedMagicLinks(db: ModuleExecutor<'auth'>, email: string): Promise<number> {
  const row = await db
    .selectFrom('magic_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('used_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
