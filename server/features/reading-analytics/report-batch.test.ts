import { expect, test } from 'vitest';
import { readerKey } from './reading-analytics.repository';
import { decideReports, type SubmittedReport } from './report-batch';

const opened = new Date('2026-11-25T10:00:00Z');
const at = (seconds: number) => new Date(opened.getTime() + seconds * 1000);
const view = (id: string, userId = 'ivy') => ({
  id,
  roomId: 'room',
  documentId: 'deck',
  userId,
  startedAt: opened,
  documentVersion: 1,
});
const report = (
  viewId: string,
  seconds: number,
  claimedSeconds: number,
  userId = 'ivy',
): SubmittedReport => ({
  view: view(viewId, userId),
  claimed: [{ page: 1, readMs: claimedSeconds * 1000 }],
  at: at(seconds),
});
const targets = (views: string[], readers: string[]) => ({
  views: new Map(views.map((id) => [id, { startedAt: opened, lastReportAt: null }])),
  clockAt: new Map(readers.map((userId) => [readerKey('deck', userId), null])),
});

test('a second report of one view in the same batch is too soon, as it would be in a transaction of its own', () => {
  const { outcomes, accepted } = decideReports(
    [report('v1', 30, 10), report('v1', 30.5, 10)],
    targets(['v1'], ['ivy']),
  );
  expect(outcomes).toEqual(['accepted', 'too_soon']);
  expect(accepted).toHaveLength(1);
});

test("one reader's two views in one batch share the reader's clock: together no more than the time that passed", () => {
  const { outcomes, accepted } = decideReports(
    [report('v1', 10, 10), report('v2', 10, 10)],
    targets(['v1', 'v2'], ['ivy']),
  );
  expect(outcomes).toEqual(['accepted', 'accepted']);
  // 10 s passed, plus the 2 s allowance: the first view takes 10, the second what is left.
  expect(accepted.map((one) => one.readMs)).toEqual([10_000, 2_000]);
});

test('two readers in one batch are judged apart', () => {
  const { accepted } = decideReports(
    [report('v1', 10, 10, 'ivy'), report('v2', 10, 10, 'sam')],
    targets(['v1', 'v2'], ['ivy', 'sam']),
  );
  expect(accepted.map((one) => one.readMs)).toEqual([10_000, 10_000]);
});

test('a view or a reader the batch did not find (a document deleted meanwhile) is not found, and nothing of it is written', () => {
  const { outcomes, accepted } = decideReports(
    [report('gone', 10, 5), report('v1', 10, 5, 'nobody')],
    targets(['v1'], ['ivy']),
  );
  expect(outcomes).toEqual(['not_found', 'not_found']);
  expect(accepted).toEqual([]);
});

test('a report credited nothing still takes its slot but reads no page', () => {
  const { outcomes, accepted } = decideReports([report('v1', 10, 0)], targets(['v1'], ['ivy']));
  expect(outcomes).toEqual(['accepted']);
  expect(accepted[0]).toMatchObject({ pages: [], readMs: 0 });
});
