import { expect, test } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '#server/durations';
import { combineSummaries, engagementScore, recencyFactor, scoreOfSummary } from './engagement-score';
import { type HistoryActivity, type ReaderHistory, summarizeHistory } from './engagement-trace';

const now = new Date('2026-11-25T18:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
const deck = { documentId: 'deck', title: 'Pitch deck', pageCount: 20, isKey: false };
const model = { documentId: 'model', title: 'Financial model', pageCount: 10, isKey: true };

const read = (at: Date, documentId = 'deck'): HistoryActivity => ({ kind: 'read', at, documentId });
const downloaded = (documentId: string, at = hoursAgo(1)): HistoryActivity => ({
  kind: 'downloaded',
  at,
  documentId,
});
const asked = (
  at = hoursAgo(1),
  documentId: string | null = null,
  sectionKey: string | null = null,
): HistoryActivity => ({
  kind: 'asked',
  at,
  documentId,
  sectionKey,
});

/** A history on the deck and the model, read an hour ago unless told otherwise. */
function history(overrides: Partial<ReaderHistory> = {}): ReaderHistory {
  return { documents: [deck, model], pages: [], activity: [read(hoursAgo(1))], ...overrides };
}

/** Every page of a document read for this long. */
const everyPage = (document: { documentId: string; pageCount: number }, readMs: number) =>
  Array.from({ length: document.pageCount }, (_, index) => ({
    documentId: document.documentId,
    page: index + 1,
    readMs,
  }));

test('an idle tab left open all night on one page scores below a careful reader of the whole deck', () => {
  const idle = engagementScore(
    history({ pages: [{ documentId: 'deck', page: 1, readMs: 9 * HOUR_MS }] }),
    now,
  );
  const careful = engagementScore(history({ pages: everyPage(deck, 90 * SECOND_MS) }), now);

  expect(careful.score).toBeGreaterThan(idle.score);
  // Nine hours count as five minutes (25 points x 5/60), and one page of thirty read (20 x 1/30).
  expect(idle.score).toBe(3);
  expect(idle.why[0]).toEqual({ factor: 'reading_time', points: 2, text: 'Read for 5 minutes' });
});

test('reading time counts each page up to the cap, and only pages read 5 seconds or more count as read', () => {
  const summary = summarizeHistory(
    history({
      pages: [
        { documentId: 'deck', page: 1, readMs: HOUR_MS },
        { documentId: 'deck', page: 2, readMs: 2 * MINUTE_MS },
        { documentId: 'deck', page: 3, readMs: 2 * SECOND_MS },
      ],
    }),
  );
  expect(summary.cappedReadMs).toBe(5 * MINUTE_MS + 2 * MINUTE_MS + 2 * SECOND_MS);
  expect(summary.pagesRead).toBe(2);
  expect(summary.pageCount).toBe(30);
});

test('a return on a new day counts more than a reload the same day', () => {
  const pages = everyPage(deck, MINUTE_MS);
  const reload = engagementScore(history({ pages, activity: [read(hoursAgo(2)), read(hoursAgo(1))] }), now);
  const nextDay = engagementScore(history({ pages, activity: [read(hoursAgo(26)), read(hoursAgo(1))] }), now);
  const reloads = engagementScore(
    history({ pages, activity: Array.from({ length: 30 }, (_, index) => read(hoursAgo(1 + index / 60))) }),
    now,
  );

  expect(nextDay.score).toBeGreaterThan(reload.score);
  // Thirty reloads in one afternoon are still one day.
  expect(reloads.score).toBe(reload.score);
  expect(nextDay.why.map((reason) => reason.text)).toContain('Came back on 1 other day');
});

test('a question about a section the reader still sees counts, and its day too', () => {
  const summary = summarizeHistory(
    history({
      activity: [read(hoursAgo(50)), asked(hoursAgo(1), null, 'team')],
      hiddenSectionKeys: new Set(['financials']),
    }),
  );
  expect(summary).toMatchObject({ questions: 1, activeDays: 2, lastSeenAt: hoursAgo(1).getTime() });
});

test('the score decays over the days after the reader was last seen, keeping it whole the first day', () => {
  const thorough = history({
    pages: [...everyPage(deck, 2 * MINUTE_MS), ...everyPage(model, 2 * MINUTE_MS)],
    activity: [read(now)],
  });
  const at = (days: number) => engagementScore(thorough, new Date(now.getTime() + days * DAY_MS)).score;

  expect(at(1)).toBe(at(0));
  expect(at(3)).toBeLessThan(at(1));
  expect(at(8)).toBe(Math.round(at(0) / 2));
  expect(at(30)).toBeLessThan(at(8));
  expect(at(90)).toBe(0);
  expect(recencyFactor(15)).toBeCloseTo(0.25);

  const weekLater = engagementScore(thorough, new Date(now.getTime() + 8 * DAY_MS));
  expect(weekLater.why).toContainEqual({
    factor: 'recency',
    points: weekLater.score - at(0),
    text: 'Last seen 8 days ago',
  });
});

test('reading a key document counts more than reading as many pages of another one', () => {
  const ofKey = engagementScore(history({ pages: everyPage(model, MINUTE_MS) }), now);
  const tenDeckPages = everyPage(deck, MINUTE_MS).slice(0, 10);
  const ofOther = engagementScore(history({ pages: tenDeckPages }), now);

  expect(ofKey.score).toBeGreaterThan(ofOther.score);
  expect(ofKey.why[0]).toEqual({
    factor: 'key_documents',
    points: 20,
    text: 'Read 100% of Financial model (a key document)',
  });
});

test('without key documents, the share of the room carries their points', () => {
  const unmarked = history({
    documents: [deck, { ...model, isKey: false }],
    pages: everyPage(deck, MINUTE_MS),
  });
  const why = engagementScore(unmarked, now).why;
  // 20 of 30 pages, of 40 points.
  expect(why).toContainEqual({ factor: 'room_share', points: 27, text: 'Read 67% of the room' });
});

test('pages of documents the reader may no longer read count for nothing', () => {
  const hidden = history({
    documents: [deck],
    pages: everyPage(model, 3 * MINUTE_MS),
    activity: [read(hoursAgo(30), 'model'), downloaded('model'), asked(hoursAgo(1), null, 'financials')],
    hiddenSectionKeys: new Set(['financials']),
  });
  expect(engagementScore(hidden, now)).toEqual({ score: 0, band: 'cold', why: [] });
});

test('downloads count each document once, questions each time, and the why names the three largest', () => {
  const busy = engagementScore(
    history({
      pages: everyPage(model, 3 * MINUTE_MS),
      activity: [
        read(hoursAgo(1), 'model'),
        read(hoursAgo(30), 'model'),
        read(hoursAgo(60), 'model'),
        downloaded('deck'),
        downloaded('deck'),
        downloaded('model'),
        asked(hoursAgo(1), 'model'),
        asked(hoursAgo(1)),
      ],
    }),
    now,
  );
  expect(busy.why).toEqual(
    [
      { factor: 'reading_time', points: 13, text: 'Read for 30 minutes' },
      { factor: 'key_documents', points: 20, text: 'Read 100% of Financial model (a key document)' },
      { factor: 'questions', points: 10, text: 'Asked 2 questions' },
    ].sort((a, b) => b.points - a.points),
  );
  // 12.5 (30 min) + 6.7 (10 of 30 pages) + 20 + 7.5 (2 other days) + 6.7 (2 documents) + 10.
  expect(busy.score).toBe(63);
  expect(busy.band).toBe('hot');
});

test('nothing read and nothing done scores 0 with no reasons', () => {
  expect(engagementScore(history({ activity: [] }), now)).toEqual({
    score: 0,
    band: 'cold',
    why: [],
  });
});

test('a firm adds up its readers time and questions and keeps the furthest share and latest visit', () => {
  const partner = summarizeHistory(
    history({ pages: everyPage(model, MINUTE_MS), activity: [read(hoursAgo(50), 'model')] }),
  );
  const associate = summarizeHistory(
    history({ pages: everyPage(deck, MINUTE_MS), activity: [read(hoursAgo(2)), asked(hoursAgo(1))] }),
  );
  const firm = combineSummaries([partner, associate]);

  expect(firm.cappedReadMs).toBe(30 * MINUTE_MS);
  expect(firm.pagesRead).toBe(20);
  expect(firm.keyDocuments).toEqual([
    { documentId: 'model', title: 'Financial model', pagesRead: 10, pageCount: 10 },
  ]);
  expect(firm.questions).toBe(1);
  expect(firm.lastSeenAt).toBe(hoursAgo(1).getTime());
  expect(scoreOfSummary(firm, now).score).toBeGreaterThan(scoreOfSummary(partner, now).score);
});
