import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { roomRoutes } from '#shared/contracts/rooms';
import { createFounder } from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { type NewAccessEvent, recordAccessEvent } from './access-events.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function roomOfNewFounder() {
  const founder = await createFounder(t);
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;
  return { roomId: room.id, userId: founder.user.id };
}

const click = (roomId: string, userId: string, n: number): NewAccessEvent => ({
  roomId,
  userId,
  invitationId: null,
  documentId: null,
  documentVersion: null,
  documentTitle: `Link ${n}`,
  url: `https://files.example.com/${n}.pdf`,
  action: 'clicked',
  occurredAt: new Date(),
  ip: '127.0.0.1',
  userAgent: 'test',
});

const eventsOf = (roomId: string) =>
  t.app.database.db.selectFrom('access_events').selectAll().where('room_id', '=', roomId).execute();

test('events recorded at the same moment are each stored once, and each call waits for its own', async () => {
  const { roomId, userId } = await roomOfNewFounder();
  await Promise.all(
    Array.from({ length: 40 }, (_, n) => recordAccessEvent(t.app.database.db, click(roomId, userId, n))),
  );
  const events = await eventsOf(roomId);
  expect(events.map((event) => event.document_title).sort()).toEqual(
    Array.from({ length: 40 }, (_, n) => `Link ${n}`).sort(),
  );
});

test('an event that cannot be stored fails alone: the others recorded with it are kept', async () => {
  const { roomId, userId } = await roomOfNewFounder();
  const missingDocument = {
    ...click(roomId, userId, 99),
    documentId: crypto.randomUUID(),
    action: 'downloaded' as const,
  };
  const outcomes = await Promise.allSettled([
    ...Array.from({ length: 5 }, (_, n) => recordAccessEvent(t.app.database.db, click(roomId, userId, n))),
    recordAccessEvent(t.app.database.db, missingDocument),
    ...Array.from({ length: 5 }, (_, n) =>
      recordAccessEvent(t.app.database.db, click(roomId, userId, n + 5)),
    ),
  ]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual([
    ...Array(5).fill('fulfilled'),
    'rejected',
    ...Array(5).fill('fulfilled'),
  ]);
  expect(await eventsOf(roomId)).toHaveLength(10);
});

test('an event recorded inside a transaction is undone with it', async () => {
  const { roomId, userId } = await roomOfNewFounder();
  await expect(
    t.app.database.db.transaction().execute(async (trx) => {
      await recordAccessEvent(trx, click(roomId, userId, 1));
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await eventsOf(roomId)).toEqual([]);
});
