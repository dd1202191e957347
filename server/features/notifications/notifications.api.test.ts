import crypto from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '#server/app';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { ndaRoutes } from '#shared/contracts/nda';
import { notificationRoutes } from '#shared/contracts/notifications';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { storeReadyPreview } from '#tests/support/previews';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { FOUNDER_NOTIFICATION_JOB } from './notification-rules';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

interface Room {
  founder: SignedIn;
  founderEmail: string;
  roomId: string;
  documentId: string;
  externalUrl: string;
}

/** A founder's room with one uploaded, readable document and one external link in its sections. */
async function roomWithContent(choice?: string): Promise<Room> {
  const founderEmail = uniqueEmail('founder');
  await createFounder(t, { email: founderEmail, companyName: 'Northwind Robotics' });
  const founder = await signInWithMagicLink(t, founderEmail);
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;
  const uploaded = await uploadFile(t, founder, { name: 'Pitch deck.pdf', bytes: uniquePdf() });
  expect(uploaded.status, uploaded.text).toBe(201);
  const documentId = (uploaded.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, documentId, { kind: 'pages', pages: 3 });
  const externalUrl = `https://example.com/demo-${documentId.slice(0, 8)}`;
  const markdown = `## Pitch\n- [Pitch deck](${apiPath(documentRoutes.download, { params: { id: documentId } })})\n- [Product demo](${externalUrl})\n`;
  const saved = await t.call(roomRoutes.saveSections, { body: { content: markdown }, as: founder });
  expect(saved.status, saved.text).toBe(200);
  if (choice) await setChoice(founder, choice);
  return { founder, founderEmail, roomId: room.id, documentId, externalUrl };
}

async function setChoice(founder: SignedIn, founderNotifications: string) {
  const response = await t.call(notificationRoutes.saveSettings, {
    rawBody: { founderNotifications },
    as: founder,
  });
  expect(response.status, response.text).toBe(200);
}

async function investorOf(room: Room, name = 'Ivy Investor') {
  const email = uniqueEmail('investor');
  const inviteToken = await invite(t, room.founder, email, name);
  const investor = await signInWithMagicLink(t, email);
  return { email, name, inviteToken, investor };
}

const mailsTo = (email: string, subject?: RegExp) =>
  t.smtp.messages.filter(
    (mail) => recipientsOf(mail).includes(email) && (!subject || subject.test(mail.subject ?? '')),
  );

/** Lets every due job run, then makes the room's queued digests due now and runs them too. */
async function runDigestsNow(app: App = t.app) {
  await app.jobs.whenIdle();
  await app.database.db
    .updateTable('jobs')
    .set({ run_at: Date.now() })
    .where('kind', '=', FOUNDER_NOTIFICATION_JOB)
    .where('status', '=', 'queued')
    .execute();
  app.jobs.wake();
  await app.jobs.whenIdle();
}

async function openRoom(room: Room, investor: SignedIn) {
  const response = await t.call(roomRoutes.room, { params: { id: room.roomId }, as: investor });
  expect(response.status, response.text).toBe(200);
}

function unsubscribeLinkOf(mail: ParsedMail): string {
  const link = (mail.text ?? '')
    .split(/\s+/)
    .find((word) => word.startsWith(`${t.config.appUrl}/unsubscribe?token=`));
  if (!link) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return link;
}

/** A header as the message carried it (unfolded), by its lower-case name. */
function headerOf(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, '')
    .trim();
}

describe('first visits', () => {
  test('an investor opening the room sends the founder exactly one mail; a second visit sends none', async () => {
    const room = await roomWithContent();
    const { email, investor } = await investorOf(room);
    await openRoom(room, investor);
    const mail = await t.smtp.waitForMessage(
      (m) => recipientsOf(m).includes(room.founderEmail) && /opened your data room/.test(m.subject ?? ''),
    );
    expect(mail.subject).toBe('Ivy Investor opened your data room');
    expect(mail.text).toContain(
      `Ivy Investor (${email}) opened the Northwind Robotics data room for the first time`,
    );
    expect(mail.text).toContain(`${t.config.appUrl}/admin/analytics/investors/${investor.user.id}`);

    await openRoom(room, investor);
    await t.call(roomRoutes.sections, { params: { id: room.roomId }, as: investor });
    await t.app.jobs.whenIdle();
    expect(mailsTo(room.founderEmail, /opened your data room/)).toHaveLength(1);
  });

  test('the invited view is a first visit too, and the same person signing in later is not another', async () => {
    const room = await roomWithContent();
    const email = uniqueEmail('visitor');
    const token = await invite(t, room.founder, email, 'Vera Visitor');
    const viewed = await t.call(roomRoutes.invitedRoom, { params: { token } });
    expect(viewed.status, viewed.text).toBe(200);
    const mail = await t.smtp.waitForMessage(
      (m) => recipientsOf(m).includes(room.founderEmail) && /Vera Visitor opened/.test(m.subject ?? ''),
    );
    expect(mail.text).toContain('through their invitation link');

    const investor = await signInWithMagicLink(t, email);
    await openRoom(room, investor);
    await t.app.jobs.whenIdle();
    expect(mailsTo(room.founderEmail, /opened your data room/)).toHaveLength(1);
  });

  test("the founder's own visits are not an investor's", async () => {
    const room = await roomWithContent();
    await openRoom(room, room.founder);
    await t.app.jobs.whenIdle();
    const rows = await t.app.database.db
      .selectFrom('room_first_visits')
      .selectAll()
      .where('room_id', '=', room.roomId)
      .execute();
    expect(rows).toEqual([]);
    expect(mailsTo(room.founderEmail, /opened your data room/)).toHaveLength(0);
  });

  test('every notification mail has List-Unsubscribe and one-click List-Unsubscribe-Post', async () => {
    const room = await roomWithContent();
    const { investor } = await investorOf(room, 'Hal Headers');
    await openRoom(room, investor);
    const mail = await t.smtp.waitForMessage(
      (m) => recipientsOf(m).includes(room.founderEmail) && /Hal Headers/.test(m.subject ?? ''),
    );
    const link = unsubscribeLinkOf(mail);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail, 'list-unsubscribe')).toBe(`<${link}>`);
    expect(mail.messageId).toMatch(/^<notification-[0-9a-f-]+@/);
  });
});

describe('digests', () => {
  test('the digest lists views with reading time, downloads and clicks, per investor', async () => {
    const room = await roomWithContent();
    const { email, investor } = await investorOf(room, 'Dana Digest');
    await openRoom(room, investor);
    const opened = await t.call(readingRoutes.openView, { params: { id: room.documentId }, as: investor });
    expect(opened.status, opened.text).toBe(201);
    const viewId = (opened.json as { viewId: string }).viewId;
    // The server credits no more than the time that passed (plus 2 s): wait, then report 3 s.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const reported = await t.call(readingRoutes.report, {
      params: { viewId },
      rawBody: {
        pages: [
          { page: 1, seconds: 2 },
          { page: 2, seconds: 1 },
        ],
      },
      as: investor,
    });
    expect(reported.status, reported.text).toBe(204);
    const downloaded = await t.call(documentRoutes.download, {
      params: { id: room.documentId },
      as: investor,
    });
    expect(downloaded.status).toBe(200);
    const clicked = await t.call(roomRoutes.click, {
      params: { id: room.roomId },
      query: { url: room.externalUrl },
      as: investor,
      redirect: 'manual',
    });
    expect(clicked.status).toBe(302);
    // The founder's own download is not investor activity.
    await t.call(documentRoutes.download, { params: { id: room.documentId }, as: room.founder });

    await runDigestsNow();
    const digests = mailsTo(room.founderEmail, /investor was active/);
    expect(digests).toHaveLength(1);
    const text = digests[0]?.text ?? '';
    expect(digests[0]?.subject).toBe('Northwind Robotics data room: 1 investor was active');
    expect(text).toContain(`Dana Digest (${email}) - first visit`);
    expect(text).toContain('- Read “Pitch deck” for 3 s');
    expect(text).toContain('- Downloaded “Pitch deck”');
    expect(text).toContain('- Opened the link “Product demo”');
    expect(text).toContain(`${t.config.appUrl}/admin`);
    expect(text).not.toContain(room.founderEmail.split('@')[0]);
    expect(headerOf(digests[0] as ParsedMail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(digests[0] as ParsedMail, 'list-unsubscribe')).toBe(
      `<${unsubscribeLinkOf(digests[0] as ParsedMail)}>`,
    );

    // Run again: the digest of this window is sent once.
    await runDigestsNow();
    expect(mailsTo(room.founderEmail, /investor was active/)).toHaveLength(1);
  });

  test("the digest lists an investor's NDA acceptance, with the name they signed", async () => {
    const room = await roomWithContent();
    const { email, investor } = await investorOf(room, 'Nora Nda');
    const turnedOn = await t.call(ndaRoutes.saveSettings, {
      body: { isRequired: true, text: '# Confidentiality\n\nKeep it to yourself.' },
      as: room.founder,
    });
    expect(turnedOn.status, turnedOn.text).toBe(200);
    const settings = await t.call(ndaRoutes.settings, { as: room.founder });
    const versionId = (settings.json as { version: { id: string } }).version.id;
    const accepted = await t.call(ndaRoutes.accept, {
      params: { id: room.roomId },
      body: { versionId, signerName: 'Nora N. Nda', agree: true },
      as: investor,
    });
    expect(accepted.status, accepted.text).toBe(201);

    await runDigestsNow();
    const digests = mailsTo(room.founderEmail, /investor was active/);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain(`Nora Nda (${email})`);
    expect(digests[0]?.text).toContain('- Accepted the NDA, signed “Nora N. Nda”');
  });

  test('nothing happened: no digest is sent, and a digest made for an empty window is skipped', async () => {
    const room = await roomWithContent();
    const { investor } = await investorOf(room);
    await openRoom(room, investor); // a visit alone is the first-visit mail, not a digest
    await t.call(documentRoutes.download, { params: { id: room.documentId }, as: room.founder });
    // Choosing a digest queues one for the current window, whatever happened in it.
    await setChoice(room.founder, 'daily');
    await setChoice(room.founder, 'first_visits_and_hourly');
    await runDigestsNow();
    expect(mailsTo(room.founderEmail, /active/)).toHaveLength(0);
    const digests = await t.app.database.db
      .selectFrom('founder_notifications')
      .select(['kind', 'sent_at', 'skipped_at'])
      .where('room_id', '=', room.roomId)
      .where('kind', '<>', 'first_visit')
      .execute();
    expect(digests.length).toBe(2);
    for (const digest of digests) {
      expect(digest.sent_at).toBeNull();
      expect(digest.skipped_at).not.toBeNull();
    }
  });
});

describe("the founder's choice", () => {
  async function actIn(room: Room, investor: SignedIn) {
    await openRoom(room, investor);
    const downloaded = await t.call(documentRoutes.download, {
      params: { id: room.documentId },
      as: investor,
    });
    expect(downloaded.status).toBe(200);
  }

  test('the default is first visits and an hourly digest', async () => {
    const room = await roomWithContent();
    const settings = await t.call(notificationRoutes.settings, { as: room.founder });
    expect(settings.json).toEqual({
      founderNotifications: 'first_visits_and_hourly',
      email: room.founderEmail,
    });
    const { investor } = await investorOf(room);
    await actIn(room, investor);
    await runDigestsNow();
    expect(mailsTo(room.founderEmail, /opened your data room/)).toHaveLength(1);
    expect(mailsTo(room.founderEmail, /was active/)).toHaveLength(1);
  });

  test('off: no mail at all', async () => {
    const room = await roomWithContent('off');
    const { investor } = await investorOf(room);
    await actIn(room, investor);
    await runDigestsNow();
    expect(mailsTo(room.founderEmail, /opened|active/)).toHaveLength(0);
  });

  test('first visits only: the visit, and no digest', async () => {
    const room = await roomWithContent('first_visits');
    const { investor } = await investorOf(room);
    await actIn(room, investor);
    await runDigestsNow();
    expect(mailsTo(room.founderEmail, /opened your data room/)).toHaveLength(1);
    expect(mailsTo(room.founderEmail, /was active/)).toHaveLength(0);
  });

  test('daily: no mail at once; one digest for the day names the first visit', async () => {
    const room = await roomWithContent('daily');
    const { investor, email } = await investorOf(room, 'Dov Daily');
    const visitorEmail = uniqueEmail('visitor');
    const token = await invite(t, room.founder, visitorEmail, 'Val Viewer');
    expect((await t.call(roomRoutes.invitedRoom, { params: { token } })).status).toBe(200);
    await actIn(room, investor);
    await t.app.jobs.whenIdle();
    expect(mailsTo(room.founderEmail, /opened your data room/)).toHaveLength(0);
    const queued = await t.app.database.db
      .selectFrom('founder_notifications')
      .select(['kind', 'window_start_at', 'window_end_at'])
      .where('room_id', '=', room.roomId)
      .execute();
    expect(queued.map((row) => row.kind)).toEqual(['daily']);
    expect(Number(queued[0]?.window_end_at) - Number(queued[0]?.window_start_at)).toBe(24 * 60 * 60 * 1000);
    await runDigestsNow();
    const digests = mailsTo(room.founderEmail, /investors were active/);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain(`Dov Daily (${email}) - first visit`);
    expect(digests[0]?.text).toContain(`Val Viewer (${visitorEmail}) - first visit\n- Opened the data room`);
  });

  test('a digest whose founder turned notifications off before it went is not sent', async () => {
    const room = await roomWithContent();
    const { investor } = await investorOf(room);
    await actIn(room, investor);
    await t.app.jobs.whenIdle();
    await setChoice(room.founder, 'off');
    await runDigestsNow();
    expect(mailsTo(room.founderEmail, /was active/)).toHaveLength(0);
  });
});

describe('unsubscribe', () => {
  async function firstVisitMail(room: Room, name: string) {
    const { investor } = await investorOf(room, name);
    await openRoom(room, investor);
    return t.smtp.waitForMessage(
      (m) => recipientsOf(m).includes(room.founderEmail) && (m.subject ?? '').startsWith(name),
    );
  }

  test('GET tells what the link stops and changes nothing; POST turns notifications off, without signing in', async () => {
    const room = await roomWithContent();
    const mail = await firstVisitMail(room, 'Una Unsub');
    const token = new URL(unsubscribeLinkOf(mail)).searchParams.get('token') ?? '';
    const details = await t.call(notificationRoutes.unsubscribeDetails, { query: { token } });
    expect(details.status, details.text).toBe(200);
    expect(details.json).toEqual({
      companyName: 'Northwind Robotics',
      email: room.founderEmail,
      isUnsubscribed: false,
    });
    const settings = async () =>
      (await t.call(notificationRoutes.settings, { as: room.founder })).json.founderNotifications;
    expect(await settings()).toBe('first_visits_and_hourly');

    const done = await t.call(notificationRoutes.unsubscribe, { body: { token } });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ isUnsubscribed: true });
    expect(await settings()).toBe('off');

    // No more mail about this room.
    const { investor } = await investorOf(room, 'Quiet Quentin');
    await openRoom(room, investor);
    await runDigestsNow();
    expect(mailsTo(room.founderEmail, /Quiet Quentin/)).toHaveLength(0);
  });

  test('the List-Unsubscribe URL takes an RFC 8058 one-click POST (a form, no session, no Origin)', async () => {
    const room = await roomWithContent();
    const mail = await firstVisitMail(room, 'Olly Oneclick');
    const link = unsubscribeLinkOf(mail);
    const response = await t.request('POST', link.replace(t.config.appUrl, ''), {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.text).toContain(`${room.founderEmail} gets no more notifications`);
    const settings = await t.call(notificationRoutes.settings, { as: room.founder });
    expect(settings.json).toMatchObject({ founderNotifications: 'off' });
  });

  test('a forged token, or a token of another purpose (a session, an invitation), unsubscribes nobody', async () => {
    const room = await roomWithContent();
    const { inviteToken, investor } = await investorOf(room, 'Fay Forger');
    await openRoom(room, investor);
    await t.app.jobs.whenIdle();
    for (const token of [inviteToken, investor.token, room.founder.token, 'A'.repeat(43)]) {
      const get = await t.call(notificationRoutes.unsubscribeDetails, { query: { token } });
      expect(get.status, get.text).toBe(404);
      expect(get.json).toMatchObject({ error: 'unsubscribe_link_invalid' });
      const post = await t.call(notificationRoutes.unsubscribe, { body: { token } });
      expect(post.status).toBe(404);
      const oneClick = await t.request('POST', `/unsubscribe?token=${token}`, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(oneClick.status).toBe(404);
    }
    const malformed = await t.call(notificationRoutes.unsubscribeDetails, { query: { token: '<script>' } });
    expect(malformed.status).toBe(400);
    const settings = await t.call(notificationRoutes.settings, { as: room.founder });
    expect(settings.json).toMatchObject({ founderNotifications: 'first_visits_and_hourly' });
  });

  test('an old link does not turn notifications off again after the founder turned them back on', async () => {
    const room = await roomWithContent();
    const mail = await firstVisitMail(room, 'Rae Return');
    const token = new URL(unsubscribeLinkOf(mail)).searchParams.get('token') ?? '';
    expect((await t.call(notificationRoutes.unsubscribe, { body: { token } })).status).toBe(200);
    // Used again while off, it still says so and changes nothing.
    expect((await t.call(notificationRoutes.unsubscribeDetails, { query: { token } })).json).toMatchObject({
      isUnsubscribed: true,
    });
    const on = await t.call(notificationRoutes.saveSettings, {
      body: { founderNotifications: 'first_visits_and_hourly' },
      as: room.founder,
    });
    expect(on.status, on.text).toBe(200);
    for (const attempt of [
      () => t.call(notificationRoutes.unsubscribeDetails, { query: { token } }),
      () => t.call(notificationRoutes.unsubscribe, { body: { token } }),
      () =>
        t.request('POST', `/unsubscribe?token=${token}`, {
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
    ]) {
      const refused = await attempt();
      expect(refused.status, refused.text).toBe(404);
      expect(refused.text).toMatch(/older than your last change/);
    }
    const settings = await t.call(notificationRoutes.settings, { as: room.founder });
    expect(settings.json).toMatchObject({ founderNotifications: 'first_visits_and_hourly' });
  });

  test('a link expires 30 days after its mail was sent', async () => {
    const room = await roomWithContent();
    const mail = await firstVisitMail(room, 'Ezra Expired');
    const token = new URL(unsubscribeLinkOf(mail)).searchParams.get('token') ?? '';
    await t.app.database.db
      .updateTable('founder_notifications')
      .set((eb) => ({ sent_at: eb('sent_at', '-', 30 * 24 * 60 * 60 * 1000 + 1000) }))
      .where('room_id', '=', room.roomId)
      .execute();
    const refused = await t.call(notificationRoutes.unsubscribe, { body: { token } });
    expect(refused.status, refused.text).toBe(404);
    expect(refused.json).toMatchObject({ error: 'unsubscribe_link_expired' });
    expect((await t.call(notificationRoutes.unsubscribeDetails, { query: { token } })).status).toBe(404);
    const settings = await t.call(notificationRoutes.settings, { as: room.founder });
    expect(settings.json).toMatchObject({ founderNotifications: 'first_visits_and_hourly' });
  });

  test("one founder's token never touches another founder's room", async () => {
    const first = await roomWithContent();
    const second = await roomWithContent();
    const mail = await firstVisitMail(first, 'Tia Twice');
    const token = new URL(unsubscribeLinkOf(mail)).searchParams.get('token') ?? '';
    expect((await t.call(notificationRoutes.unsubscribe, { body: { token } })).status).toBe(200);
    const untouched = await t.call(notificationRoutes.settings, { as: second.founder });
    expect(untouched.json).toMatchObject({ founderNotifications: 'first_visits_and_hourly' });
  });
});

describe('a notification is sent once, across retries and restarts', () => {
  test('the job run twice for one notification sends one mail', async () => {
    const room = await roomWithContent();
    const { investor } = await investorOf(room, 'Twyla Twice');
    await openRoom(room, investor);
    await t.app.jobs.whenIdle();
    const notification = await t.app.database.db
      .selectFrom('founder_notifications')
      .select('id')
      .where('room_id', '=', room.roomId)
      .executeTakeFirstOrThrow();
    // A second job for the same notification, as a duplicate enqueue or a re-run would make.
    await t.app.database.db
      .insertInto('jobs')
      .values({
        id: crypto.randomUUID(),
        kind: FOUNDER_NOTIFICATION_JOB,
        payload: JSON.stringify({ notificationId: notification.id }),
        dedupe_key: null,
        status: 'queued',
        attempts: 0,
        run_at: Date.now(),
        lease_expires_at: null,
        locked_by: null,
        last_error: null,
        created_at: Date.now(),
        updated_at: Date.now(),
        finished_at: null,
      })
      .execute();
    t.app.jobs.wake();
    await t.app.jobs.whenIdle();
    expect(mailsTo(room.founderEmail, /Twyla Twice/)).toHaveLength(1);
  });
});

describe('across a restart', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
  });
  afterAll(() => first?.close());

  test('a queued notification is sent by the next server, once; a server that died after sending is not repeated', async () => {
    const founderEmail = uniqueEmail('founder');
    await createFounder(first, { email: founderEmail, companyName: 'Restart Co' });
    const founder = await signInWithMagicLink(first, founderEmail);
    const email = uniqueEmail('investor');
    await invite(first, founder, email, 'Rita Restart');
    const investor = await signInWithMagicLink(first, email);
    const room = (await first.call(roomRoutes.mine, { as: founder })).json;
    // The first server stops taking jobs (as it would on shutdown) before the visit's mail goes.
    await first.app.jobs.stop();
    expect((await first.call(roomRoutes.room, { params: { id: room.id }, as: investor })).status).toBe(200);
    const queued = await first.app.database.db
      .selectFrom('jobs')
      .select(['id', 'status'])
      .where('kind', '=', FOUNDER_NOTIFICATION_JOB)
      .execute();
    expect(queued.map((job) => job.status)).toEqual(['queued']);
    const isRitaMail = (m: ParsedMail) =>
      recipientsOf(m).includes(founderEmail) && /Rita Restart/.test(m.subject ?? '');
    expect(first.smtp.messages.filter(isRitaMail)).toHaveLength(0);

    // The next server on the same database and mail server sends it.
    const next = await buildApp(first.config, { logger: false });
    try {
      await next.ready();
      await next.jobs.whenIdle();
      await first.smtp.waitForMessage(isRitaMail);
      expect(first.smtp.messages.filter(isRitaMail)).toHaveLength(1);

      // A server killed after the send but before the job was marked done leaves it running with a
      // lapsed lease: the next claim finds the notification sent and sends nothing.
      await next.database.db
        .updateTable('jobs')
        .set({
          status: 'running',
          lease_expires_at: Date.now() - 1,
          locked_by: 'dead-worker',
          finished_at: null,
        })
        .where('id', '=', queued[0]?.id ?? '')
        .execute();
      next.jobs.wake();
      await next.jobs.whenIdle();
      const job = await next.database.db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', queued[0]?.id ?? '')
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('succeeded');
      expect(first.smtp.messages.filter(isRitaMail)).toHaveLength(1);
    } finally {
      await next.close();
    }
  });
});

describe('notify investors', () => {
  async function roomWithInvestors(count: number) {
    const room = await roomWithContent();
    const investors = [];
    for (let index = 0; index < count; index++) investors.push(await investorOf(room, `Nia Number${index}`));
    return { room, investors };
  }
  const send = (room: Room, json: unknown) =>
    t.call(notificationRoutes.sendInvestorMessage, { rawBody: json, as: room.founder });

  test('every investor of the room gets the message with a link to the room, replying to the founder', async () => {
    const { room, investors } = await roomWithInvestors(2);
    const sent = await send(room, { message: 'We closed our lead.\nQ3 numbers are in the room.' });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.json).toMatchObject({ recipientCount: 2 });
    await t.app.jobs.whenIdle();
    for (const { email } of investors) {
      const mails = mailsTo(email, /sent you a message about Northwind Robotics/);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('We closed our lead.\nQ3 numbers are in the room.');
      expect(mails[0]?.text).toContain(`${t.config.appUrl}/data-room/${room.roomId}`);
      expect(mails[0]?.replyTo?.value[0]?.address).toBe(room.founderEmail);
      expect(mails[0]?.html).not.toContain('<script');
    }
  });

  test('a chosen few get it, and nobody else', async () => {
    const { room, investors } = await roomWithInvestors(3);
    const [chosen, other, alsoChosen] = investors;
    const sent = await send(room, {
      message: 'Only for you two.',
      recipientIds: [chosen?.investor.user.id, alsoChosen?.investor.user.id],
    });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.json).toMatchObject({ recipientCount: 2 });
    await t.app.jobs.whenIdle();
    expect(mailsTo(chosen?.email ?? '', /sent you a message/)).toHaveLength(1);
    expect(mailsTo(alsoChosen?.email ?? '', /sent you a message/)).toHaveLength(1);
    expect(mailsTo(other?.email ?? '', /sent you a message/)).toHaveLength(0);
  });

  test('someone who is not an investor of the room is refused, and nothing is sent or counted', async () => {
    const { room, investors } = await roomWithInvestors(1);
    const elsewhere = await roomWithContent();
    const outsider = await investorOf(elsewhere, 'Otto Outsider');
    for (const stranger of [outsider.investor.user.id, room.founder.user.id, crypto.randomUUID()]) {
      const refused = await send(room, {
        message: 'Hello',
        recipientIds: [investors[0]?.investor.user.id, stranger],
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json).toMatchObject({ error: 'not_an_investor', field: 'recipientIds.1' });
    }
    await t.app.jobs.whenIdle();
    expect(mailsTo(outsider.email, /sent you a message/)).toHaveLength(0);
    expect(mailsTo(investors[0]?.email ?? '', /sent you a message/)).toHaveLength(0);
    // The hour was not used up by the refusals.
    expect((await send(room, { message: 'Hello' })).status).toBe(202);
  });

  test('one message an hour: the second gets 429 with when, and the state says so', async () => {
    const { room, investors } = await roomWithInvestors(1);
    expect((await send(room, { message: 'First' })).status).toBe(202);
    const second = await send(room, { message: 'Second' });
    expect(second.status, second.text).toBe(429);
    const body = second.refusal as { error: string; message: string; nextAllowedAt: string };
    expect(body.error).toBe('too_soon');
    expect(body.message).toMatch(/once an hour\. Your next message can go at .* UTC\./);
    const wait = Date.parse(body.nextAllowedAt) - Date.now();
    expect(wait).toBeGreaterThan(59 * 60_000);
    expect(wait).toBeLessThanOrEqual(60 * 60_000);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(3500);
    const state = await t.call(notificationRoutes.investorMessages, { as: room.founder });
    expect(state.json).toMatchObject({
      nextAllowedAt: body.nextAllowedAt,
      investors: [{ id: investors[0]?.investor.user.id, email: investors[0]?.email, name: 'Nia Number0' }],
    });
    await t.app.jobs.whenIdle();
    expect(mailsTo(investors[0]?.email ?? '', /sent you a message/)).toHaveLength(1);

    // An hour later it may go again.
    await t.app.database.db
      .updateTable('room_notification_settings')
      .set({ investors_notified_at: Date.now() - 60 * 60_000 - 1 })
      .where('room_id', '=', room.roomId)
      .execute();
    expect((await send(room, { message: 'Third' })).status).toBe(202);
  });

  test('a bad message is refused with a 400 naming the field and the limit', async () => {
    const { room } = await roomWithInvestors(1);
    const cases: [unknown, RegExp][] = [
      [{ message: '' }, /^message: is required/],
      [{ message: '   \n ' }, /^message: is required/],
      [{ message: 'x'.repeat(1001) }, /^message: must be at most 1000 characters/],
      [{ message: 'Hi\u0000there' }, /^message: .*control character U\+0000/],
      [{ message: 'evil\u202Etxt' }, /^message: .*text-direction control/],
      [{ message: 42 }, /^message: must be text/],
      [{}, /^message: is required/],
      [{ message: 'Hi', recipientIds: [] }, /^recipientIds: must name at least one investor/],
      [{ message: 'Hi', recipientIds: ['../../etc'] }, /^recipientIds\.0: must be investor ids/],
      [{ message: 'Hi', extra: true }, /extra/],
    ];
    for (const [json, message] of cases) {
      const refused = await send(room, json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.refusal?.message).toMatch(message);
    }
    expect((await send(room, { message: 'x'.repeat(1000) })).status).toBe(202);
  });

  test('a room without investors has nobody to notify', async () => {
    const room = await roomWithContent();
    const refused = await send(room, { message: 'Anyone?' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'no_investors' });
  });
});

describe('the setting refuses hostile input', () => {
  test('only the four choices are accepted, and nothing is changed otherwise', async () => {
    const room = await roomWithContent();
    for (const json of [
      { founderNotifications: 'weekly' },
      { founderNotifications: 'OFF' },
      { founderNotifications: null },
      { founderNotifications: ['off'] },
      { founderNotifications: 'off', extra: 1 },
      {},
      'off',
    ]) {
      const refused = await t.call(notificationRoutes.saveSettings, { rawBody: json, as: room.founder });
      expect(refused.status, JSON.stringify(json)).toBe(400);
    }
    const settings = await t.call(notificationRoutes.settings, { as: room.founder });
    expect(settings.json).toMatchObject({ founderNotifications: 'first_visits_and_hourly' });
  });
});
