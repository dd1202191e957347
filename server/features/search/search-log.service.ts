import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { type BatchWriter, openBatchWriter } from '#server/db/batch-writer';
import type { ModuleExecutor } from '#server/db/schema';
import { SECOND_MS } from '#server/durations';
import { findUsersByIds } from '#server/features/accounts/index';
import { findInvitationsByIds } from '#server/features/invitations/index';
import { type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import type { SearchAnalytics, SearchSettings } from '#shared/contracts/search';
import { foldText } from '#shared/search-words';
import { queriesVisibleCache } from './search.caches';
import {
  countSearches,
  findLatestSearch,
  findQueriesVisible,
  insertSearch,
  listRecentSearches,
  listSearchedWords,
  type Searcher,
  saveQueriesVisible,
  updateSearch,
} from './search-log.repository';

export type { Searcher } from './search-log.repository';

/**
 * The search log the founders read in Analytics (docs/decisions/0088-search-inside-every-page.md): who
 * searched the room, when, whether anything was found, and the words unless the room keeps them out
 * (the reader is told which under the search box). The room's own managers are not logged.
 */

/** Searches by one reader this close together, each extending or cutting the last, are one search being typed. */
const TYPING_PAUSE_MS = 30 * SECOND_MS;
/** Analytics lists this many of the words searched most, and of those that found nothing. */
const SEARCHED_WORDS_LISTED = 20;
/** Analytics lists this many of the newest searches, with who made each. */
const RECENT_SEARCHES_LISTED = 50;
/** Searches logged per transaction, at most. */
const SEARCHES_PER_COMMIT = 200;

/** Whether `next` is the same search as `previous`, typed further or cut back. */
function isSameSearchTyped(previous: string | null, next: string | null): boolean {
  if (previous === null || next === null) return previous === next;
  const [a, b] = [foldText(previous), foldText(next)];
  return a.startsWith(b) || b.startsWith(a);
}

/** A search to log: the words already dropped when the room keeps them out. */
interface SearchToLog {
  roomId: string;
  searcher: Searcher;
  query: string | null;
  resultCount: number;
  at: Date;
}

/**
 * Logs one search. The room searches as the reader types, so a search that only extends or cuts back
 * the reader's last one (moments before) replaces it: "chu", "chur", "churn" is one search for "churn".
 */
async function logSearch(db: ModuleExecutor<'search'>, search: SearchToLog): Promise<void> {
  const { roomId, searcher, query, resultCount, at } = search;
  const latest = await findLatestSearch(db, roomId, searcher, new Date(at.getTime() - TYPING_PAUSE_MS));
  if (latest && isSameSearchTyped(latest.query, query)) {
    await updateSearch(db, latest.id, { query, resultCount, at });
    return;
  }
  await insertSearch(db, { id: crypto.randomUUID(), roomId, searcher, query, resultCount, at });
}

/**
 * Every search logged during one turn of the event loop is written in one transaction, one commit, and
 * each search answers once it is committed (the batch writer, ADR 66): a reader searches as they type, and
 * a commit per keystroke is an fsync that blocks the event loop on SQLite (ADR 21), which every other
 * request then waits behind. The searches of a batch are logged in their order, so typing still folds.
 */
const searchLogs = new WeakMap<AppContext['db'], BatchWriter<SearchToLog>>();
function searchLogOf(db: AppContext['db']): BatchWriter<SearchToLog> {
  let writer = searchLogs.get(db);
  if (!writer) {
    writer = openBatchWriter<SearchToLog>(db, {
      maxItems: SEARCHES_PER_COMMIT,
      windowMs: 0,
      write: (searches) =>
        db.transaction().execute(async (trx) => {
          for (const search of searches) await logSearch(trx, search);
          return searches.map(() => undefined);
        }),
    });
    searchLogs.set(db, writer);
  }
  return writer;
}

export async function recordSearch(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  roomId: string,
  searcher: Searcher,
  query: string,
  resultCount: number,
): Promise<void> {
  const kept = (await areQueriesVisible(ctx, roomId)) ? query : null;
  await searchLogOf(ctx.db).add({ roomId, searcher, query: kept, resultCount, at: new Date() });
}

/** Whether a reader's words reach the founders: what the search box says. */
export async function areQueriesVisible(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  roomId: string,
): Promise<boolean> {
  const cached = await ctx.caches
    .get(queriesVisibleCache)
    .get(roomId, async () => ({ isVisible: await findQueriesVisible(ctx.db, roomId) }));
  return cached?.isVisible ?? true;
}

export async function searchAnalytics(ctx: AppContext, user: RoomUser): Promise<SearchAnalytics> {
  const room = await requireManagedRoom(ctx, user);
  const toRows = (rows: Awaited<ReturnType<typeof listSearchedWords>>) =>
    rows.map((row) => ({ ...row, lastSearchedAt: row.lastSearchedAt.toISOString() }));
  return {
    areQueriesVisible: await findQueriesVisible(ctx.db, room.id),
    searchCount: await countSearches(ctx.db, room.id),
    top: toRows(await listSearchedWords(ctx.db, room.id, 'top', SEARCHED_WORDS_LISTED)),
    notFound: toRows(await listSearchedWords(ctx.db, room.id, 'not_found', SEARCHED_WORDS_LISTED)),
    recent: await recentSearches(ctx, room.id),
  };
}

/** The newest searches with who made each: an account's name, or the address an invitation was sent to. */
async function recentSearches(ctx: AppContext, roomId: string): Promise<SearchAnalytics['recent']> {
  const searches = await listRecentSearches(ctx.db, roomId, RECENT_SEARCHES_LISTED);
  const users = await findUsersByIds(
    ctx.db,
    searches.flatMap((search) => (search.userId ? [search.userId] : [])),
  );
  const invitations = await findInvitationsByIds(
    ctx.db,
    searches.flatMap((search) => (search.invitationId ? [search.invitationId] : [])),
  );
  return searches.map((search) => {
    const user = search.userId ? users.get(search.userId) : undefined;
    const invited = search.invitationId ? invitations.get(search.invitationId) : undefined;
    const email = user?.email ?? invited?.email ?? '';
    return {
      reader: user?.name || email,
      email,
      query: search.query,
      resultCount: search.resultCount,
      searchedAt: search.searchedAt.toISOString(),
    };
  });
}

export async function searchSettings(ctx: AppContext, user: RoomUser): Promise<SearchSettings> {
  const room = await requireManagedRoom(ctx, user);
  return { areQueriesVisible: await findQueriesVisible(ctx.db, room.id) };
}

export async function saveSearchSettings(
  ctx: AppContext,
  user: RoomUser,
  settings: SearchSettings,
): Promise<SearchSettings> {
  const room = await requireManagedRoom(ctx, user);
  await saveQueriesVisible(ctx.db, room.id, settings.areQueriesVisible, new Date());
  return searchSettings(ctx, user);
}
