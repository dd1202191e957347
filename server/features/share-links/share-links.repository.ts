import { sql } from 'kysely';
import { type Entity, fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { ShareLinkCodesTable, ShareLinkReadersTable, ShareLinksTable } from './share-links.tables';

/** A share link as stored (docs/decisions/0071-share-links.md); allowedDomains still JSON text. */
export type StoredShareLink = Entity<ShareLinksTable>;
export type StoredShareCode = Entity<ShareLinkCodesTable>;
export type StoredShareReader = Entity<ShareLinkReadersTable>;

export async function insertShareLink(
  db: ModuleExecutor<'share-links'>,
  link: StoredShareLink,
): Promise<void> {
  await db.insertInto('share_links').values(toRow<ShareLinksTable>(link)).execute();
}

export async function listShareLinks(
  db: ModuleExecutor<'share-links'>,
  roomId: string,
): Promise<StoredShareLink[]> {
  const rows = await db
    .selectFrom('share_links')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function countShareLinks(db: ModuleExecutor<'share-links'>, roomId: string): Promise<number> {
  const row = await db
    .selectFrom('share_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findShareLink(db: ModuleExecutor<'share-links'>, roomId: string, id: string) {
  const row = await db
    .selectFrom('share_links')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && fromRow(row);
}

export async function findShareLinkByTokenHash(db: ModuleExecutor<'share-links'>, tokenHash: string) {
  const row = await db
    .selectFrom('share_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** The room's link whose name has this key (the unique index's), but `exceptId`. */
export async function findShareLinkByNameKey(
  db: ModuleExecutor<'share-links'>,
  roomId: string,
  nameKey: string,
  exceptId?: string,
) {
  let query = db
    .selectFrom('share_links')
    .select('id')
    .where('room_id', '=', roomId)
    .where('name_key', '=', nameKey);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Gives a link a new token: the old address stops admitting, the link and its readers stay. */
export async function replaceShareLinkToken(
  db: ModuleExecutor<'share-links'>,
  id: string,
  token: { tokenHash: string; sealed: string; keyId: string },
): Promise<void> {
  await db
    .updateTable('share_links')
    .set({ token_hash: token.tokenHash, token_sealed: token.sealed, token_key_id: token.keyId })
    .where('id', '=', id)
    .execute();
}

/** Seals a link's token again under the current key, unless another request did it first. */
export async function resealShareLinkToken(
  db: ModuleExecutor<'share-links'>,
  id: string,
  from: { sealed: string; keyId: string },
  to: { sealed: string; keyId: string },
): Promise<void> {
  await db
    .updateTable('share_links')
    .set({ token_sealed: to.sealed, token_key_id: to.keyId })
    .where('id', '=', id)
    .where('token_sealed', '=', from.sealed)
    .where('token_key_id', '=', from.keyId)
    .execute();
}

export async function updateShareLink(
  db: ModuleExecutor<'share-links'>,
  id: string,
  changes: Partial<
    Omit<
      ShareLinksTable,
      'id' | 'room_id' | 'created_by' | 'created_at' | 'token_hash' | 'token_sealed' | 'token_key_id'
    >
  >,
): Promise<void> {
  await db.updateTable('share_links').set(changes).where('id', '=', id).execute();
}

// --- Codes --------------------------------------------------------------------------------------------

export async function insertShareCode(
  db: ModuleExecutor<'share-links'>,
  code: StoredShareCode,
): Promise<void> {
  await db.insertInto('share_link_codes').values(toRow<ShareLinkCodesTable>(code)).execute();
}

export async function deleteShareCode(db: ModuleExecutor<'share-links'>, id: string): Promise<void> {
  await db.deleteFrom('share_link_codes').where('id', '=', id).execute();
}

/** Codes sent for one link since a moment (every address together). */
export async function countCodesForLinkSince(
  db: ModuleExecutor<'share-links'>,
  linkId: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('share_link_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('share_link_id', '=', linkId)
    .where('created_at', '>', toEpochMs(since))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Codes sent to one address since a moment (every link together). */
export async function countCodesForEmailSince(
  db: ModuleExecutor<'share-links'>,
  email: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('share_link_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>', toEpochMs(since))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The newest code sent to this address for this link, used or not: only it can prove the address. */
export async function findNewestCode(db: ModuleExecutor<'share-links'>, linkId: string, email: string) {
  const row = await db
    .selectFrom('share_link_codes')
    .selectAll()
    .where('share_link_id', '=', linkId)
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && fromRow(row);
}

export async function findCodeByProofHash(
  db: ModuleExecutor<'share-links'>,
  linkId: string,
  proofHash: string,
) {
  const row = await db
    .selectFrom('share_link_codes')
    .selectAll()
    .where('share_link_id', '=', linkId)
    .where('proof_hash', '=', proofHash)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** Marks the code used, once: false when a concurrent proof used it first. */
export async function useCode(db: ModuleExecutor<'share-links'>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('share_link_codes')
    .set({ used_at: toEpochMs(now) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// --- Readers ------------------------------------------------------------------------------------------

export async function findReader(db: ModuleExecutor<'share-links'>, linkId: string, email: string) {
  const row = await db
    .selectFrom('share_link_readers')
    .selectAll()
    .where('share_link_id', '=', linkId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row && fromRow(row);
}

export async function findRoomReader(db: ModuleExecutor<'share-links'>, roomId: string, id: string) {
  const row = await db
    .selectFrom('share_link_readers')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** Every reader of the room's links, newest first. */
export async function listReaders(
  db: ModuleExecutor<'share-links'>,
  roomId: string,
): Promise<StoredShareReader[]> {
  const rows = await db
    .selectFrom('share_link_readers')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

/** The addresses of these readers of the room, by id. */
export async function findReaderEmails(
  db: ModuleExecutor<'share-links'>,
  roomId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('share_link_readers')
    .select(['id', 'email'])
    .where('room_id', '=', roomId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Those waiting for the founder first, then the newest: the order the console pages a link's readers in. */
const waitingFirst = sql<number>`case when state = 'pending' then 0 else 1 end`;

/** Where a page of a link's readers starts: after this reader, in the order of `waitingFirst`. */
export interface ReaderCursor {
  rank: 0 | 1;
  createdAt: number;
  id: string;
}

/** Each of the room's links' first `size` readers in the console's order, in one query. */
export async function listFirstReaders(
  db: ModuleExecutor<'share-links'>,
  roomId: string,
  size: number,
): Promise<StoredShareReader[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('share_link_readers')
        .selectAll()
        .select(
          sql<number>`row_number() over (partition by share_link_id order by ${waitingFirst}, created_at desc, id desc)`.as(
            'position',
          ),
        )
        .where('room_id', '=', roomId)
        .as('ranked'),
    )
    .selectAll()
    .where('position', '<=', size)
    .orderBy('position')
    .execute();
  return rows.map(({ position: _, ...row }) => fromRow(row));
}

/** One link's readers after `after` (from the first when absent), at most `size`, in the console's order. */
export async function listReaderPage(
  db: ModuleExecutor<'share-links'>,
  roomId: string,
  linkId: string,
  size: number,
  after?: ReaderCursor,
): Promise<StoredShareReader[]> {
  let query = db
    .selectFrom('share_link_readers')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('share_link_id', '=', linkId);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb(waitingFirst, '>', after.rank),
        eb.and([
          eb(waitingFirst, '=', after.rank),
          eb.or([
            eb('created_at', '<', after.createdAt),
            eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
          ]),
        ]),
      ]),
    );
  const rows = await query
    .orderBy(waitingFirst)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .execute();
  return rows.map((row) => fromRow(row));
}

/** Per link of the room (or the one link): its readers counted towards its maximum, and those waiting. */
export async function countReadersByLink(
  db: ModuleExecutor<'share-links'>,
  roomId: string,
  linkId?: string,
): Promise<Map<string, { counted: number; waiting: number }>> {
  let query = db
    .selectFrom('share_link_readers')
    .select(['share_link_id', 'state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('room_id', '=', roomId);
  if (linkId) query = query.where('share_link_id', '=', linkId);
  const rows = await query.groupBy(['share_link_id', 'state']).execute();
  const counts = new Map<string, { counted: number; waiting: number }>();
  for (const row of rows) {
    const count = counts.get(row.share_link_id) ?? { counted: 0, waiting: 0 };
    if (row.state !== 'refused') count.counted += Number(row.count);
    if (row.state === 'pending') count.waiting += Number(row.count);
    counts.set(row.share_link_id, count);
  }
  return counts;
}

/** The readers a link's maximum counts: the ones it let in and the ones waiting for the founder. */
export async function countCountedReaders(
  db: ModuleExecutor<'share-links'>,
  linkId: string,
): Promise<number> {
  const row = await db
    .selectFrom('share_link_readers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('share_link_id', '=', linkId)
    .where('state', 'in', ['pending', 'admitted'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertReader(
  db: ModuleExecutor<'share-links'>,
  reader: StoredShareReader,
): Promise<void> {
  await db.insertInto('share_link_readers').values(toRow<ShareLinkReadersTable>(reader)).execute();
}

/** Decides a waiting reader, once: false when it was decided meanwhile. */
export async function decideReader(
  db: ModuleExecutor<'share-links'>,
  id: string,
  state: 'admitted' | 'refused',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('share_link_readers')
    .set({ state, decided_at: toEpochMs(now) })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Spends one try of a live code before it is compared: false when it was used, has expired or has no
 * tries left. One conditional UPDATE, so parallel guesses each spend their own.
 */
export async function takeTry(
  db: ModuleExecutor<'share-links'>,
  id: string,
  tries: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('share_link_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', tries)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toEpochMs(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
