import { type Executor, toEpochMs, toRow } from '#server/db/columns';
import type { MagicLinkRow } from '#server/db/schema';

export async function insertMagicLink(
  db: Executor,
  link: { id: string; email: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('magic_links')
    .values(toRow<MagicLinkRow>({ ...link, usedAt: null }))
    .execute();
}

export async function deleteMagicLink(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('magic_links').where('id', '=', id).execute();
}

export async function countMagicLinksSince(db: Executor, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('magic_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>', toEpochMs(since))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Marks the link used and returns its e-mail, in one statement: of any number of concurrent
 * verifications of one link, exactly one gets a row back.
 */
export async function consumeMagicLink(
  db: Executor,
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
export async function countUsedMagicLinks(db: Executor, email: string): Promise<number> {
  const row = await db
    .selectFrom('magic_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('used_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
