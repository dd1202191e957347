import { afterAll, beforeAll, expect, test } from 'vitest';
import { notificationRoutes } from '#shared/contracts/notifications';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  mailTo,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
} from '#tests/support/factories';
import { pingFounders, pingNotice } from '#tests/support/fixture-feature/index';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// A feature's mail and notice, added with its own folder and the composition alone
// (docs/decisions/0082-features-own-their-mails.md): the fixture feature in tests/support/fixture-feature,
// composed into this app as server/app.ts composes the real features.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ founderNotices: [pingNotice] });
});
afterAll(() => t?.close());

async function roomWithChoice(founderNotifications: string) {
  const email = uniqueEmail('founder');
  await createFounder(t, { email, companyName: 'Pingwell' });
  const founder: SignedIn = await signInWithMagicLink(t, email);
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;
  const saved = await t.call(notificationRoutes.saveSettings, {
    rawBody: { founderNotifications },
    as: founder,
  });
  expect(saved.status, saved.text).toBe(200);
  return { email, roomId: room.id };
}

/** Lets every due job run, then makes the queued digests due now and runs them too. */
async function runDigestsNow() {
  await t.app.jobs.whenIdle();
  await t.app.database.db
    .updateTable('jobs')
    .set({ run_at: Date.now() })
    .where('kind', '=', 'founder-notification')
    .where('status', '=', 'queued')
    .execute();
  t.app.jobs.wake();
  await t.app.jobs.whenIdle();
}

test("a feature's own mail reaches the investor, and its notice the founder's digest, by SMTP", async () => {
  const room = await roomWithChoice('first_visits_and_hourly');
  const investor = uniqueEmail('investor');
  const ping = { roomId: room.roomId, companyName: 'Pingwell', email: investor, name: 'Ivy Pinger' };
  await pingFounders(t.app.ctx, ping);
  await pingFounders(t.app.ctx, ping);

  const sent = await mailTo(t, investor, 'Your ping reached Pingwell');
  expect(sent.text).toContain(`/data-room/${room.roomId}`);
  await runDigestsNow();
  const digest = await mailTo(t, room.email, 'was active');
  expect(digest.text).toContain(`Ivy Pinger (${investor})\n- Pinged the founders (2 times)`);
  // The machinery's own footer, with the owner's one-click unsubscribe.
  expect(digest.text).toContain('Unsubscribe with one click:');
});

test("the notice follows the founder's choice: without digests, the founder is told nothing", async () => {
  const room = await roomWithChoice('off');
  const investor = uniqueEmail('investor');
  await pingFounders(t.app.ctx, { roomId: room.roomId, companyName: 'Pingwell', email: investor, name: '' });
  await mailTo(t, investor, 'Your ping reached Pingwell');
  await runDigestsNow();
  const digests = t.smtp.messages.filter(
    (mail) => recipientsOf(mail).includes(room.email) && (mail.subject ?? '').includes('was active'),
  );
  expect(digests).toEqual([]);
  const rows = await t.app.database.db
    .selectFrom('founder_notifications')
    .select('kind')
    .where('room_id', '=', room.roomId)
    .execute();
  expect(rows).toEqual([]);
});
