import type { Config } from '#server/config';
import { openDatabase } from '#server/db/database';

/**
 * What the load generator expects the access log to hold: one event per download the server answered
 * 200, or 206 from byte 0 (a range that resumes further on is the same download and is not logged
 * again: documents.routes.ts), and one per click it answered with its redirect.
 */
export class AccessTally {
  readonly #expected = new Map<string, number>();
  readonly #unanswered = new Map<string, number>();
  downloads = 0;
  clicks = 0;

  download(userId: string, documentId: string): void {
    this.downloads++;
    add(this.#expected, downloadKey(userId, documentId));
  }

  click(userId: string, url: string): void {
    this.clicks++;
    add(this.#expected, clickKey(userId, url));
  }

  /**
   * A request that would be logged but got no answer (a timeout, a reset): the server may or may not
   * have logged it. Not counted; kept to explain an extra event in the report.
   */
  unanswered(action: 'downloaded' | 'clicked', userId: string, target: string): void {
    add(this.#unanswered, action === 'downloaded' ? downloadKey(userId, target) : clickKey(userId, target));
  }

  get expected(): ReadonlyMap<string, number> {
    return this.#expected;
  }

  get unansweredRequests(): ReadonlyMap<string, number> {
    return this.#unanswered;
  }
}

const downloadKey = (userId: string, documentId: string) => `downloaded ${userId} ${documentId}`;
const clickKey = (userId: string, url: string) => `clicked ${userId} ${url}`;
const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

export interface AccessLogCheck {
  expectedDownloads: number;
  expectedClicks: number;
  loggedDownloads: number;
  loggedClicks: number;
  /** Counted by the load generator, missing from the log (summed over user and document or link). */
  lost: number;
  /** In the log more often than counted, or never counted at all. */
  extra: number;
  /** Of the extra events, those that match a request which got no answer (the server logged, the client gave up). */
  extraUnanswered: number;
  exact: boolean;
}

/**
 * Reads the rooms' access events straight from the database the server wrote (not through the API)
 * and compares them, per user and document or link, with the tally.
 */
export async function checkAccessLog(
  database: Config['database'],
  roomIds: string[],
  tally: AccessTally,
): Promise<AccessLogCheck> {
  const handle = openDatabase(database);
  try {
    const rows = await handle.db
      .selectFrom('access_events')
      .select(['action', 'user_id', 'document_id', 'url'])
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('room_id', 'in', roomIds)
      .groupBy(['action', 'user_id', 'document_id', 'url'])
      .execute();
    const logged = new Map<string, number>();
    let loggedDownloads = 0;
    let loggedClicks = 0;
    for (const row of rows) {
      const count = Number(row.count);
      const target = row.action === 'downloaded' ? row.document_id : row.url;
      const key =
        row.action === 'downloaded'
          ? downloadKey(String(row.user_id), String(target))
          : clickKey(String(row.user_id), String(target));
      logged.set(key, (logged.get(key) ?? 0) + count);
      if (row.action === 'downloaded') loggedDownloads += count;
      else loggedClicks += count;
    }
    let lost = 0;
    let extra = 0;
    let extraUnanswered = 0;
    for (const key of new Set([...tally.expected.keys(), ...logged.keys()])) {
      const difference = (logged.get(key) ?? 0) - (tally.expected.get(key) ?? 0);
      if (difference < 0) lost -= difference;
      else extra += difference;
      if (difference > 0) extraUnanswered += Math.min(difference, tally.unansweredRequests.get(key) ?? 0);
    }
    return {
      expectedDownloads: tally.downloads,
      expectedClicks: tally.clicks,
      loggedDownloads,
      loggedClicks,
      lost,
      extra,
      extraUnanswered,
      exact: lost === 0 && extra === 0,
    };
  } finally {
    await handle.close();
  }
}
