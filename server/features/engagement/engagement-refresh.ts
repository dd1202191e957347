import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { defineCache } from '#server/caches/cache-registry';
import type { ModuleExecutor } from '#server/db/schema';
import { SECOND_MS } from '#server/durations';
import { listActiveUserIds, sumDownloadsAndClicks } from '#server/features/documents/index';
import { listAskersSince, listQuestionsOfAskers } from '#server/features/questions/index';
import {
  firmsOfAddresses,
  listReaderPagesInRoom,
  listReadersSeenSince,
  listReadingDaysInRoom,
} from '#server/features/reading-analytics/index';
import type { RoomVisitor } from '#server/features/rooms/index';
import { enqueueJob, type JobDefinition } from '#server/jobs/job-queue';
import {
  findRoomState,
  followRoomUntil,
  listStoredReaders,
  saveReaders,
  saveRoomState,
} from './engagement.repository';
import { courseEntryOf, courseWith, scoreReader } from './engagement-ranking';
import { roomReadabilityOf } from './engagement-readability';
import { summaryOfTrace } from './engagement-trace';
import { traceOfRows } from './engagement-traces';
import { tellChanges } from './engagement-webhook';

/**
 * The refresh job (docs/decisions/0089-engagement-score.md): per room, it reads what its readers did
 * since its previous run from the reading roll-ups, the access log and the questions (through their
 * modules' index files), rewrites those readers' traces, and tells the room's webhooks of the scores that
 * moved. Nothing is added to a reading report's path: a view opened, a download or a click (the room's
 * RoomActivity) asks for a run at the next whole interval, and a run that found activity asks for the
 * next one, so a room is followed every ENGAGEMENT_REFRESH_MS while anyone reads in it and for
 * FOLLOW_REFRESHES intervals after; a quiet room costs nothing. One run at a time per room and interval
 * (the job's dedupe key).
 */

export const ENGAGEMENT_REFRESH_JOB = 'engagement-refresh';
const payloadSchema = z.object({ roomId: z.string() });

/** A room is followed this many intervals after its last activity seen (15 minutes at one a minute). */
export const FOLLOW_REFRESHES = 15;
/**
 * A run reads activity from this long before the previous run began: reports and access events are
 * written by batches that commit a moment after the instant they carry.
 */
const SINCE_MARGIN_MS = 30 * SECOND_MS;
/** Readers whose history is read in one round of queries. */
const READERS_PER_ROUND = 200;

/** The instant of the next run: the next whole interval (at once with an interval of 0). */
function nextRunAt(at: number, everyMs: number): number {
  return everyMs <= 0 ? at : (Math.floor(at / everyMs) + 1) * everyMs;
}

/** Asks for a run of the room's refresh at the next whole interval after `at` (one per interval). */
export async function enqueueRoomRefresh(
  db: ModuleExecutor<'engagement'>,
  roomId: string,
  at: Date,
  everyMs: number,
  runAt = nextRunAt(at.getTime(), everyMs),
): Promise<void> {
  await enqueueJob(db, {
    kind: ENGAGEMENT_REFRESH_JOB,
    payload: { roomId },
    dedupeKey: `${ENGAGEMENT_REFRESH_JOB}:${roomId}:${runAt}`,
    runAt: new Date(runAt),
    fairKey: roomId,
  });
}

/** Rooms this process asked a refresh of, until when: a busy room asks once an interval, not per view. */
const askedRefresh = defineCache('engagement.askedRefresh', () => new Map<string, number>());

/**
 * What room content reports (RoomActivity: a view opened, a download, a click, a read of the room):
 * follow the room, and refresh it at the next interval. Never throws: a score is not worth failing a
 * reader's request for.
 */
export async function recordEngagementActivity(
  ctx: AppContext,
  activity: { roomId: string; visitor: RoomVisitor },
): Promise<void> {
  if (!('userId' in activity.visitor)) return;
  const everyMs = ctx.config.engagementRefreshMs;
  const now = Date.now();
  const asked = ctx.caches.get(askedRefresh);
  if ((asked.get(activity.roomId) ?? 0) > now) return;
  try {
    const runAt = nextRunAt(now, everyMs);
    await ctx.db.transaction().execute(async (trx) => {
      await followRoomUntil(trx, activity.roomId, now + FOLLOW_REFRESHES * everyMs);
      await enqueueRoomRefresh(trx, activity.roomId, new Date(now), everyMs, runAt);
    });
    asked.set(activity.roomId, runAt);
    if (everyMs <= 0) ctx.jobs.wake();
  } catch (error) {
    ctx.log.error({ err: error, roomId: activity.roomId }, 'could not ask for an engagement refresh');
  }
}

/** The readers of the room with activity at or after `sinceMs`, and the latest instant of it seen. */
async function readersActiveSince(ctx: AppContext, roomId: string, sinceMs: number) {
  const [seen, askers] = await Promise.all([
    listReadersSeenSince(ctx.db, roomId, sinceMs),
    listAskersSince(ctx.db, roomId, sinceMs),
  ]);
  const userIds = new Set([...seen.map((reader) => reader.userId), ...askers]);
  const scope = { roomId, fromMs: sinceMs, toMs: null, userId: null, group: null };
  for (let after: string | null = null; ; ) {
    const page = await listActiveUserIds(ctx.db, scope, after, 1000);
    for (const userId of page) userIds.add(userId);
    if (page.length < 1000) break;
    after = page.at(-1) ?? null;
  }
  const latestSeen = Math.max(0, ...seen.map((reader) => reader.lastSeenAt));
  return { userIds: [...userIds], anyActivity: userIds.size > 0, latestSeen };
}

/** Rows by their user's id. */
function byUser<Row>(rows: readonly Row[], userOf: (row: Row) => string | null): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const userId = userOf(row);
    if (userId === null) continue;
    const list = grouped.get(userId);
    if (list) list.push(row);
    else grouped.set(userId, [row]);
  }
  return grouped;
}

/** These readers' traces, from their reading, downloads and questions in the room, a round at a time. */
async function tracesOf(ctx: AppContext, roomId: string, userIds: readonly string[]) {
  const traces = new Map<string, ReturnType<typeof traceOfRows>>();
  for (let start = 0; start < userIds.length; start += READERS_PER_ROUND) {
    const round = userIds.slice(start, start + READERS_PER_ROUND);
    const scope = { roomId, fromMs: null, toMs: null, userId: null, group: null };
    const [pages, days, access, questions] = await Promise.all([
      listReaderPagesInRoom(ctx.db, roomId, round),
      listReadingDaysInRoom(ctx.db, roomId, round),
      sumDownloadsAndClicks(ctx.db, scope, [...round]),
      listQuestionsOfAskers(ctx.db, roomId, round),
    ]);
    const pagesOf = byUser(pages, (row) => row.userId);
    const daysOf = byUser(days, (row) => row.userId);
    const downloadsOf = byUser(
      access.filter((row) => row.document_id !== null && Number(row.download_count) > 0),
      (row) => row.user_id,
    );
    const questionsOf = byUser(questions, (row) => row.askerId);
    for (const userId of round)
      traces.set(
        userId,
        traceOfRows({
          pages: pagesOf.get(userId) ?? [],
          days: daysOf.get(userId) ?? [],
          downloads: (downloadsOf.get(userId) ?? []).map((row) => ({
            documentId: row.document_id ?? '',
            lastAt: Number(row.last_at),
          })),
          questions: questionsOf.get(userId) ?? [],
        }),
      );
  }
  return traces;
}

/**
 * One run for a room: the traces of its readers active since the previous run (all of them on the
 * first), then every investor's score against what was last told, then the next run if the room is
 * still followed or a score will cross a band by decay alone.
 */
export async function refreshRoomEngagement(ctx: AppContext, roomId: string): Promise<void> {
  const started = Date.now();
  const everyMs = ctx.config.engagementRefreshMs;
  const state = await findRoomState(ctx.db, roomId);
  const since = state && state.refreshedAt > 0 ? state.refreshedAt - SINCE_MARGIN_MS : 0;
  const active = await readersActiveSince(ctx, roomId, since);
  const stored = await listStoredReaders(ctx.db, roomId);
  const readability = await roomReadabilityOf(ctx, roomId, [
    ...new Set([...active.userIds, ...stored.map((reader) => reader.userId)]),
  ]);
  if (!readability) return;

  const now = new Date();
  const investorIds = active.userIds.filter((userId) => readability.investors.has(userId));
  const traces = await tracesOf(ctx, roomId, investorIds);
  const courseOf = new Map(stored.map((reader) => [reader.userId, reader.course]));
  const saved = [...traces].map(([userId, trace]) => {
    const readable = readability.investors.get(userId)?.readable;
    const summary = summaryOfTrace(trace, readable ?? { documents: [] });
    return {
      userId,
      trace,
      course: courseWith(courseOf.get(userId) ?? [], courseEntryOf(summary, now.getTime())),
    };
  });
  await saveReaders(ctx.db, ctx.config.database.dialect, roomId, saved, now);

  const fresh = new Map(saved.map((reader) => [reader.userId, reader]));
  const current = [
    ...stored.map((reader) => ({ ...reader, ...(fresh.get(reader.userId) ?? {}) })),
    ...saved
      .filter((reader) => !courseOf.has(reader.userId))
      .map((reader) => ({ ...reader, refreshedAt: now.getTime(), notified: null })),
  ];
  const firms = await firmsOfAddresses([...readability.investors.values()].map((investor) => investor.email));
  const scored = current.flatMap((reader) => {
    const investor = readability.investors.get(reader.userId);
    return investor
      ? [
          {
            stored: reader,
            scored: scoreReader(reader, { ...investor, firm: firms.get(investor.email) ?? null }, now),
          },
        ]
      : [];
  });
  const recheckAt = await tellChanges(ctx, roomId, scored, now);

  const followUntilAt = Math.max(
    state?.followUntilAt ?? 0,
    active.anyActivity ? Math.max(active.latestSeen, started) + FOLLOW_REFRESHES * everyMs : 0,
  );
  await saveRoomState(ctx.db, roomId, {
    refreshedAt: started,
    followUntilAt,
    lastRunMs: Date.now() - started,
  });
  if (everyMs > 0 && Date.now() < followUntilAt)
    await enqueueRoomRefresh(ctx.db, roomId, new Date(), everyMs);
  if (recheckAt !== null)
    await enqueueRoomRefresh(
      ctx.db,
      roomId,
      now,
      everyMs,
      nextRunAt(Math.max(recheckAt, now.getTime()), everyMs),
    );
}

export function engagementRefreshJob(ctx: AppContext): JobDefinition<z.infer<typeof payloadSchema>> {
  return {
    kind: ENGAGEMENT_REFRESH_JOB,
    payloadSchema,
    maxAttempts: 3,
    timeoutMs: 60 * SECOND_MS,
    concurrency: 1,
    isSharedFairly: true,
    run: ({ roomId }) => refreshRoomEngagement(ctx, roomId),
  };
}
