import type { AppContext } from '#server/app-context';
import { findRoomDocument } from '#server/features/documents/index';
import { firmsOfAddresses } from '#server/features/reading-analytics/index';
import { type RoomUser, requireManagedRoom, requireRoomGroup } from '#server/features/rooms/index';
import { investorEmailsOfShareLink } from '#server/features/share-links/index';
import { HttpError } from '#server/plugins/errors';
import {
  type EngagementBand,
  HOT_INVESTORS_LIMIT,
  type HotInvestor,
  type HotInvestors,
  type HotInvestorsQuery,
  type KeyDocuments,
} from '#shared/contracts/engagement';
import { type ScoredRoom, scoredRoomsCache } from './engagement.caches';
import {
  listKeyDocumentIds,
  listStoredReaders,
  markKeyDocument,
  type StoredReader,
  unmarkKeyDocument,
} from './engagement.repository';
import { byEngagement, firmsOf, type ScoredFirm, type ScoredReader, scoreReader } from './engagement-ranking';
import { roomReadabilityOf } from './engagement-readability';
import { enqueueRoomRefresh } from './engagement-refresh';
import type { EngagementReason } from './engagement-score';

/** One investor's engagement in a room now. */
export interface InvestorEngagement {
  userId: string;
  name: string;
  email: string;
  /** Their address's domain, null for a webmail address (reading-analytics' firms). */
  firm: string | null;
  score: number;
  band: EngagementBand;
  /** The three things that moved the score most, the largest first. */
  why: EngagementReason[];
  /** Their last view, report, download or question on what they may read now; null when never seen. */
  lastSeenAt: Date | null;
  /** The documents they may read now and have read, most read first. */
  documentsRead: { documentId: string; title: string }[];
  /** The score at the end of each of the last 7 days, the oldest first, today's last. */
  trend: number[];
}

/** One firm's engagement: its readers as one reader (combineSummaries). */
export interface FirmEngagement {
  firm: string;
  score: number;
  band: EngagementBand;
  why: EngagementReason[];
  lastSeenAt: Date | null;
  trend: number[];
  /** Its investors, highest score first. */
  investors: { userId: string; name: string; email: string; score: number }[];
}

/**
 * The room's stored readers scored now, through the readability rule: only investors whose access has
 * not ended, each against what their group may read now (docs/decisions/0089-engagement-score.md).
 */
async function scoredReaders(
  ctx: AppContext,
  roomId: string,
  stored: StoredReader[],
  now = new Date(),
): Promise<ScoredRoom> {
  const readability = await roomReadabilityOf(
    ctx,
    roomId,
    stored.map((reader) => reader.userId),
  );
  const computedAt = now.getTime();
  if (!readability) return { readers: [], groupOf: new Map(), hasKeyDocuments: false, computedAt };
  const firms = await firmsOfAddresses([...readability.investors.values()].map((investor) => investor.email));
  const readers: ScoredReader[] = [];
  const groupOf = new Map<string, string>();
  for (const reader of stored) {
    const investor = readability.investors.get(reader.userId);
    if (!investor) continue;
    readers.push(scoreReader(reader, { ...investor, firm: firms.get(investor.email) ?? null }, now));
    groupOf.set(reader.userId, investor.readable.groupId);
  }
  return {
    readers: readers.sort(byEngagement),
    groupOf,
    hasKeyDocuments: readability.keyDocumentIds.length > 0,
    computedAt,
  };
}

/** Every scored investor of the room, from the cache while nothing it was read from has changed. */
async function scoredRoomOf(ctx: AppContext, roomId: string): Promise<ScoredRoom> {
  const scored = await ctx.caches
    .get(scoredRoomsCache)
    .get(roomId, async () => scoredReaders(ctx, roomId, await listStoredReaders(ctx.db, roomId)));
  return scored ?? { readers: [], groupOf: new Map(), hasKeyDocuments: false, computedAt: Date.now() };
}

const investorEngagementOf = (reader: ScoredReader): InvestorEngagement => ({
  userId: reader.userId,
  name: reader.name,
  email: reader.email,
  firm: reader.firm,
  score: reader.score,
  band: reader.band,
  why: reader.why,
  lastSeenAt: reader.lastSeenAt,
  documentsRead: reader.documentsRead,
  trend: reader.trend,
});

const firmEngagementOf = (firm: ScoredFirm): FirmEngagement => ({
  firm: firm.firm,
  score: firm.score,
  band: firm.band,
  why: firm.why,
  lastSeenAt: firm.lastSeenAt,
  trend: firm.trend,
  investors: firm.investors.map((investor) => ({
    userId: investor.userId,
    name: investor.name,
    email: investor.email,
    score: investor.score,
  })),
});

/** Every investor of the room with a score, highest first (ties: last seen latest first). */
export async function roomEngagement(ctx: AppContext, roomId: string): Promise<InvestorEngagement[]> {
  return (await scoredRoomOf(ctx, roomId)).readers.map(investorEngagementOf);
}

/** One investor's engagement in the room; null when they are not (or no longer) an investor with a score in it. */
export async function investorEngagement(
  ctx: AppContext,
  roomId: string,
  userId: string,
): Promise<InvestorEngagement | null> {
  const reader = (await scoredRoomOf(ctx, roomId)).readers.find((each) => each.userId === userId);
  return reader ? investorEngagementOf(reader) : null;
}

/** The room's firms, highest score first; investors at webmail addresses are in no firm. */
export async function firmEngagement(ctx: AppContext, roomId: string): Promise<FirmEngagement[]> {
  const { readers, computedAt } = await scoredRoomOf(ctx, roomId);
  return firmsOf(readers, new Date(computedAt)).map(firmEngagementOf);
}

// ---------------------------------------------------------------------------------------------------
// The founders' ranked list ("Hot investors") and its filters.

/** The readers both filters keep (either alone when only one is given). */
async function filtered(ctx: AppContext, roomId: string, scored: ScoredRoom, query: HotInvestorsQuery) {
  let readers = scored.readers;
  if (query.group !== undefined) {
    // The same 404 as Analytics' filter for a group that is not the room's.
    await requireRoomGroup(ctx, roomId, query.group);
    readers = readers.filter((reader) => scored.groupOf.get(reader.userId) === query.group);
  }
  if (query.shareLink !== undefined) {
    const brought = await investorEmailsOfShareLink(ctx, roomId, query.shareLink);
    readers = readers.filter((reader) => brought.has(reader.email));
  }
  return readers;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The managed room's investors by engagement, and its firms, as the console and the API read them: the
 * first `limit` of each (all of them for the exports).
 */
export async function hotInvestors(
  ctx: AppContext,
  founder: RoomUser,
  query: HotInvestorsQuery,
  limit = query.limit ?? HOT_INVESTORS_LIMIT,
): Promise<{ list: HotInvestors; at: Date }> {
  const room = await requireManagedRoom(ctx, founder);
  const scored = await scoredRoomOf(ctx, room.id);
  const at = new Date(scored.computedAt);
  const shown = await filtered(ctx, room.id, scored, query);
  const investors: HotInvestor[] = shown.slice(0, limit).map((reader) => ({
    userId: reader.userId,
    name: reader.name,
    email: reader.email,
    firm: reader.firm,
    score: reader.score,
    band: reader.band,
    why: reader.why,
    trend: reader.trend,
    lastSeenAt: iso(reader.lastSeenAt),
    documentsRead: reader.documentsRead,
  }));
  const firms = firmsOf(shown, at);
  return {
    list: {
      investors,
      investorCount: shown.length,
      firms: firms.slice(0, limit).map((firm) => ({
        firm: firm.firm,
        score: firm.score,
        band: firm.band,
        why: firm.why,
        trend: firm.trend,
        lastSeenAt: iso(firm.lastSeenAt),
        investorCount: firm.investors.length,
      })),
      firmCount: firms.length,
      hasKeyDocuments: scored.hasKeyDocuments,
    },
    at,
  };
}

// ---------------------------------------------------------------------------------------------------
// Key documents.

export async function keyDocumentsOf(ctx: AppContext, founder: RoomUser): Promise<KeyDocuments> {
  const room = await requireManagedRoom(ctx, founder);
  return { documentIds: await listKeyDocumentIds(ctx.db, room.id) };
}

/**
 * Marks one of the room's documents as key, or not. Scores read the key documents when they are read,
 * so the list changes at once; the refresh job is asked to run so that the webhook tells of any band
 * this moves (ADR 89).
 */
export async function setKeyDocument(
  ctx: AppContext,
  founder: RoomUser,
  documentId: string,
  isKey: boolean,
): Promise<KeyDocuments> {
  const room = await requireManagedRoom(ctx, founder);
  const document = await findRoomDocument(ctx, room.id, documentId);
  if (!document) throw new HttpError(404, 'not_found', 'That document does not exist.');
  const at = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    if (isKey) await markKeyDocument(trx, { roomId: room.id, documentId, markedBy: founder.id, at });
    else await unmarkKeyDocument(trx, room.id, documentId);
    await enqueueRoomRefresh(trx, room.id, at, ctx.config.engagementRefreshMs);
  });
  ctx.jobs.wake();
  return { documentIds: await listKeyDocumentIds(ctx.db, room.id) };
}
