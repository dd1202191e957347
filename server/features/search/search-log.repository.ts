import { sql } from 'kysely';
import { toEpochMs } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';

type Db = ModuleExecutor<'search'>;

/** Who searched: an account, or an invitation link's holder not yet signed in. */
export type Searcher = { userId: string } | { invitationId: string };

export interface LoggedSearch {
  id: string;
  query: string | null;
  searchedAt: Date;
}

const searcherColumns = (searcher: Searcher) =>
  'userId' in searcher
    ? { user_id: searcher.userId, invitation_id: null }
    : { user_id: null, invitation_id: searcher.invitationId };

/** This searcher's newest search in the room since a moment, if any. */
export async function findLatestSearch(
  db: Db,
  roomId: string,
  searcher: Searcher,
  since: Date,
): Promise<LoggedSearch | undefined> {
  let query = db
    .selectFrom('room_searches')
    .select(['id', 'query', 'searched_at'])
    .where('room_id', '=', roomId)
    .where('searched_at', '>=', toEpochMs(since));
  query =
    'userId' in searcher
      ? query.where('user_id', '=', searcher.userId)
      : query.where('invitation_id', '=', searcher.invitationId);
  const row = await query.orderBy('searched_at', 'desc').limit(1).executeTakeFirst();
  return row && { id: row.id, query: row.query, searchedAt: new Date(Number(row.searched_at)) };
}

export async function insertSearch(
  db: Db,
  search: {
    id: string;
    roomId: string;
    searcher: Searcher;
    query: string | null;
    resultCount: number;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('room_searches')
    .values({
      id: search.id,
      room_id: search.roomId,
      ...searcherColumns(search.searcher),
      query: search.query,
      result_count: search.resultCount,
      searched_at: toEpochMs(search.at),
    })
    .execute();
}

export async function updateSearch(
  db: Db,
  id: string,
  change: { query: string | null; resultCount: number; at: Date },
): Promise<void> {
  await db
    .updateTable('room_searches')
    .set({ query: change.query, result_count: change.resultCount, searched_at: toEpochMs(change.at) })
    .where('id', '=', id)
    .execute();
}

/** The words searched most, or those that found nothing, by their lower-case form. */
export async function listSearchedWords(
  db: Db,
  roomId: string,
  which: 'top' | 'not_found',
  limit: number,
): Promise<{ query: string; count: number; readers: number; lastSearchedAt: Date }[]> {
  let query = db
    .selectFrom('room_searches')
    .select((eb) => [
      sql<string>`min(query)`.as('query'),
      eb.fn.countAll<number>().as('count'),
      sql<number>`count(distinct coalesce(user_id, invitation_id))`.as('readers'),
      eb.fn.max('searched_at').as('last'),
    ])
    .where('room_id', '=', roomId)
    .where('query', 'is not', null)
    .groupBy(sql`lower(query)`);
  if (which === 'not_found') query = query.where('result_count', '=', 0);
  const rows = await query
    .orderBy(which === 'top' ? sql`count(*)` : sql`max(searched_at)`, 'desc')
    .orderBy(sql`min(query)`)
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    query: row.query,
    count: Number(row.count),
    readers: Number(row.readers),
    lastSearchedAt: new Date(Number(row.last)),
  }));
}

/** The room's newest searches, newest first. */
export async function listRecentSearches(
  db: Db,
  roomId: string,
  limit: number,
): Promise<
  {
    userId: string | null;
    invitationId: string | null;
    query: string | null;
    resultCount: number;
    searchedAt: Date;
  }[]
> {
  const rows = await db
    .selectFrom('room_searches')
    .select(['user_id', 'invitation_id', 'query', 'result_count', 'searched_at'])
    .where('room_id', '=', roomId)
    .orderBy('searched_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    invitationId: row.invitation_id,
    query: row.query,
    resultCount: row.result_count,
    searchedAt: new Date(Number(row.searched_at)),
  }));
}

export async function countSearches(db: Db, roomId: string): Promise<number> {
  const row = await db
    .selectFrom('room_searches')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the room shows its founders the words searched: yes unless they turned it off. */
export async function findQueriesVisible(db: Db, roomId: string): Promise<boolean> {
  const row = await db
    .selectFrom('search_settings')
    .select('is_query_visible')
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row ? row.is_query_visible === 1 : true;
}

export async function saveQueriesVisible(
  db: Db,
  roomId: string,
  isVisible: boolean,
  at: Date,
): Promise<void> {
  const row = {
    room_id: roomId,
    is_query_visible: isVisible ? (1 as const) : (0 as const),
    updated_at: toEpochMs(at),
  };
  await db
    .insertInto('search_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('room_id')
        .doUpdateSet({ is_query_visible: row.is_query_visible, updated_at: row.updated_at }),
    )
    .execute();
}
