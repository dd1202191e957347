import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AlertSettings, type AlertTarget, alertRoutes } from '#shared/contracts/alerts';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { engagementRoutes } from '#shared/contracts/engagement';
import { groupRoutes } from '#shared/contracts/groups';
import { questionRoutes } from '#shared/contracts/questions';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { searchRoutes } from '#shared/contracts/search';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { teamRoutes } from '#shared/contracts/team';
import { webhookRoutes } from '#shared/contracts/webhooks';
import {
  type ChatReceiver,
  SLACK_INVALID_PAYLOAD,
  SLACK_NO_SERVICE,
  SLACK_ROLLUP_ERROR,
  slackRateLimited,
  startChatReceiver,
  TEAMS_THROTTLED,
} from '#tests/support/chat-webhook-receiver';
import {
  aBrowser,
  countRows,
  createApiToken,
  createFounder,
  founderWithEditor,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uploadFile,
} from '#tests/support/factories';
import { writtenPdf } from '#tests/support/sample-documents';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/support/webhook-receiver';
import { visitsNoted } from './alert-raising';

/**
 * Alerts end to end (docs/decisions/0090-alerts-within-a-minute.md): the real job queue, a local server
 * answering as Slack's and Teams' incoming webhooks document, the room's signed webhooks, and mail by the
 * suite's SMTP server.
 */

let t: TestApp;
let chat: ChatReceiver;
let hooks: WebhookReceiver;
const MAX_ATTEMPTS = 4;
beforeAll(async () => {
  chat = await startChatReceiver();
  hooks = await startWebhookReceiver('/alerts');
  t = await startTestApp({
    environment: {
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOKS_RETRY_BASE_DELAY_MS: '50',
      WEBHOOKS_TIMEOUT_MS: '2000',
      ALERTS_RETRY_BASE_DELAY_MS: '50',
      ALERTS_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      JOB_POLL_INTERVAL_MS: '20',
      // The engagement score is refreshed at once after each activity (ADR 89), so a crossing is seen.
      ENGAGEMENT_REFRESH_MS: '0',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await chat?.close();
  await hooks?.close();
});

let paths = 0;
/** A Slack or Teams webhook URL of its own per target, so each test reads only its own posts. */
function ownUrl(kind: 'slack' | 'teams'): { url: string; path: string } {
  const path = `/${kind}/services/T0${++paths}/B0${paths}/${crypto.randomBytes(12).toString('hex')}`;
  return { url: `${chat.url}${path}`, path };
}

async function addTarget(
  founder: SignedIn,
  kind: 'slack' | 'teams',
  triggers: string[] = ['first_visit', 'returned', 'question_asked', 'downloaded', 'access_refused'],
): Promise<{ target: AlertTarget; path: string; url: string }> {
  const { url, path } = ownUrl(kind);
  const response = await t.call(alertRoutes.addTarget, { rawBody: { kind, url, triggers }, as: founder });
  expect(response.status, response.text).toBe(201);
  return { target: response.json, path, url };
}

async function settingsOf(founder: SignedIn): Promise<AlertSettings> {
  const response = await t.call(alertRoutes.settings, { as: founder });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

async function targetOf(founder: SignedIn, id: string): Promise<AlertTarget | undefined> {
  return (await settingsOf(founder)).targets.find((target) => target.id === id);
}

/** Polls until `check` holds (deliveries run in the background job worker). */
async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function roomOf(founder: SignedIn): Promise<string> {
  return (await t.call(roomRoutes.mine, { as: founder })).json.id;
}

/** An investor invited to the founder's room and signed in, who has not opened it yet. */
async function newInvestor(founder: SignedIn, name = 'Ivy Investor') {
  const email = uniqueEmail('investor');
  const inviteToken = await invite(t, founder, email, name);
  const investor = await signInWithMagicLink(t, email);
  return { investor, email, inviteToken };
}

async function openRoom(investor: SignedIn, roomId: string): Promise<void> {
  const response = await t.call(roomRoutes.room, { params: { id: roomId }, as: investor });
  expect(response.status, response.text).toBe(200);
}

async function uploadPdf(founder: SignedIn, name: string, lines: string[] = ['Page one']): Promise<string> {
  const response = await uploadFile(
    t,
    founder,
    { name, bytes: writtenPdf({ pages: 1, lines: () => lines }) },
    { section: 'Financials' },
  );
  expect(response.status, response.text).toBe(201);
  return (response.json as { document: { id: string } }).document.id;
}

async function download(investor: SignedIn, documentId: string): Promise<void> {
  const response = await t.request('GET', apiPath(documentRoutes.download, { params: { id: documentId } }), {
    headers: investor.auth,
  });
  expect(response.status, response.text.slice(0, 200)).toBe(200);
}

const slackText = (json: unknown) => (json as { text: string }).text;

describe('a first visit, within a minute, in each service’s own format', () => {
  test('Slack gets Block Kit with a text fallback and Teams an Adaptive Card, through the real queue', async () => {
    const founder = await createFounder(t, { companyName: 'Quillfeather Labs' });
    const roomId = await roomOf(founder);
    const slack = await addTarget(founder, 'slack');
    const teams = await addTarget(founder, 'teams');
    const { investor, email } = await newInvestor(founder, 'Ivy Quill');

    const visitedAt = Date.now();
    await openRoom(investor, roomId);
    const [slackPost] = await chat.waitFor(slack.path, 1, 60_000);
    const [teamsPost] = await chat.waitFor(teams.path, 1, 60_000);
    expect((slackPost?.at ?? Infinity) - visitedAt).toBeLessThan(60_000);
    expect((teamsPost?.at ?? Infinity) - visitedAt).toBeLessThan(60_000);

    // Slack: `blocks`, and `text` as the notification's fallback (Slack's incoming webhooks page).
    const message = slackPost?.json as { text: string; blocks: { type: string; text?: { text: string } }[] };
    expect(message.text).toContain('Ivy Quill opened the Quillfeather Labs data room for the first time');
    expect(message.text).toContain(`${t.config.appUrl}/admin/analytics/investors/${investor.user.id}`);
    expect(message.blocks.map((block) => block.type)).toEqual(['header', 'section', 'actions', 'context']);
    expect(slackPost?.body).toContain(email);
    // Teams: the message shape its incoming webhooks and Workflows take, an Adaptive Card inside.
    expect(teamsPost?.json).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            type: 'AdaptiveCard',
            version: '1.4',
            actions: [
              {
                type: 'Action.OpenUrl',
                url: `${t.config.appUrl}/admin/analytics/investors/${investor.user.id}`,
              },
            ],
          },
        },
      ],
    });
    expect(JSON.stringify(teamsPost?.json)).toContain('Ivy Quill');

    const shown = await until(async () => {
      const target = await targetOf(founder, slack.target.id);
      return target?.lastDelivery?.status === 'succeeded' && target;
    });
    expect(shown.lastDelivery).toMatchObject({
      trigger: 'first_visit',
      attempts: 1,
      statusCode: 200,
      error: null,
    });
    expect(shown.failingSince).toBeNull();
  });

  test('a room without Slack or Teams sends nothing anywhere: they are off until a URL is given', async () => {
    const founder = await createFounder(t);
    const roomId = await roomOf(founder);
    const before = chat.received.length;
    const { investor } = await newInvestor(founder);
    await openRoom(investor, roomId);
    await t.app.jobs.whenIdle();
    expect(chat.received.length).toBe(before);
    expect(await settingsOf(founder)).toMatchObject({
      returnAfterDays: 7,
      scoreThreshold: 70,
      mailTriggers: [],
      targets: [],
      mailLastDelivery: null,
    });
  });
});

describe('one alert per investor and window', () => {
  test('100 visits and 20 downloads at once are one first visit and one download; another investor is their own', async () => {
    const founder = await createFounder(t);
    const roomId = await roomOf(founder);
    const slack = await addTarget(founder, 'slack');
    const documentId = await uploadPdf(founder, 'Model.pdf');
    const first = await newInvestor(founder, 'Ann First');
    const second = await newInvestor(founder, 'Bob Second');

    for (let visit = 0; visit < 100; visit += 1) await openRoom(first.investor, roomId);
    await Promise.all(Array.from({ length: 20 }, () => download(first.investor, documentId)));
    await openRoom(second.investor, roomId);
    await t.app.jobs.whenIdle();

    const texts = chat.on(slack.path).map((post) => slackText(post.json));
    expect(texts.filter((text) => text.startsWith('Ann First opened'))).toHaveLength(1);
    expect(texts.filter((text) => text.startsWith('Ann First downloaded “Model.pdf”'))).toHaveLength(1);
    expect(texts.filter((text) => text.startsWith('Bob Second opened'))).toHaveLength(1);
    expect(texts).toHaveLength(3);
  });

  test('a return after the room’s N days is told once, with the days away', async () => {
    const founder = await createFounder(t, { companyName: 'Returnly' });
    const roomId = await roomOf(founder);
    const saved = await t.call(alertRoutes.saveSettings, { body: { returnAfterDays: 2 }, as: founder });
    expect(saved.status, saved.text).toBe(200);
    const slack = await addTarget(founder, 'slack');
    const { investor, email } = await newInvestor(founder, 'Rita Return');
    await openRoom(investor, roomId);
    await chat.waitFor(slack.path, 1);
    // Three days later, as far as the room knows (and past this app's memory of having noted her visit).
    await t.app.database.db
      .updateTable('alert_visits')
      .set({ latest_visit_at: Date.now() - 3 * 24 * 3600_000 - 60_000 })
      .where('room_id', '=', roomId)
      .where('investor_email', '=', email)
      .execute();
    t.app.ctx.caches.get(visitsNoted).clear();
    await openRoom(investor, roomId);
    t.app.ctx.caches.get(visitsNoted).clear();
    await openRoom(investor, roomId);
    await t.app.jobs.whenIdle();
    const texts = chat.on(slack.path).map((post) => slackText(post.json));
    expect(texts.filter((text) => text.includes('came back'))).toEqual([
      expect.stringContaining('Rita Return came back to the Returnly data room after 3 days'),
    ]);
  });
});

describe('the engagement module’s triggers', () => {
  test('a key document opened is told once an hour, with its title; another document is not', async () => {
    const founder = await createFounder(t);
    const roomId = await roomOf(founder);
    const slack = await addTarget(founder, 'slack', ['key_document_opened']);
    const model = await uploadPdf(founder, 'Financial model.pdf');
    const deck = await uploadPdf(founder, 'Deck.pdf');
    const marked = await t.call(engagementRoutes.markKeyDocument, {
      params: { id: model },
      body: { isKey: true },
      as: founder,
    });
    expect(marked.status, marked.text).toBe(200);
    const { investor } = await newInvestor(founder, 'Kim Keyreader');
    await openRoom(investor, roomId);
    for (const documentId of [deck, model, model, deck, model]) {
      const view = await t.call(readingRoutes.openView, { params: { id: documentId }, as: investor });
      expect(view.status, view.text).toBe(201);
    }
    await t.app.jobs.whenIdle();
    expect(chat.on(slack.path).map((post) => slackText(post.json))).toEqual([
      expect.stringMatching(/^Kim Keyreader opened the key document “Financial model\.pdf”/),
    ]);
  });

  test('a score crossing the room’s threshold is told once, with the score and the threshold', async () => {
    const founder = await createFounder(t);
    const roomId = await roomOf(founder);
    await t.call(alertRoutes.saveSettings, { body: { scoreThreshold: 5 }, as: founder });
    const slack = await addTarget(founder, 'slack', ['score_crossed']);
    const deck = await uploadPdf(founder, 'Deck.pdf', ['One']);
    await t.app.jobs.whenIdle();
    const { investor } = await newInvestor(founder, 'Sam Scorer');
    const idle = await newInvestor(founder, 'Ida Idle');
    await openRoom(idle.investor, roomId);
    await openRoom(investor, roomId);
    const view = await t.call(readingRoutes.openView, { params: { id: deck }, as: investor });
    const report = await t.call(readingRoutes.report, {
      params: { viewId: view.json.viewId ?? '' },
      rawBody: { pages: [{ page: 1, seconds: 0.5 }] },
      as: investor,
    });
    expect(report.status, report.text).toBe(204);
    await t.app.jobs.whenIdle();
    // As if the page had been read for ten minutes (a test cannot wait for real seconds), then more reading.
    await t.app.database.db
      .updateTable('reading_reader_pages')
      .set({ read_ms: 600_000 })
      .where('user_id', '=', investor.user.id)
      .where('document_id', '=', deck)
      .execute();
    await download(investor, deck);
    await t.app.jobs.whenIdle();
    await download(investor, deck);
    await t.app.jobs.whenIdle();

    const scored = await t.call(engagementRoutes.hotInvestors, { as: founder });
    const score = scored.json.investors.find((row) => row.email === investor.user.email)?.score ?? 0;
    expect(score).toBeGreaterThanOrEqual(5);
    const texts = chat.on(slack.path).map((post) => slackText(post.json));
    expect(texts).toEqual([
      expect.stringMatching(/^Sam Scorer's engagement score reached \d+ \(your threshold: 5\)/),
    ]);
  });
});

describe('retries', () => {
  test('a 500 is tried again with backoff until Slack takes it', async () => {
    const founder = await createFounder(t);
    const roomId = await roomOf(founder);
    const slack = await addTarget(founder, 'slack');
    chat.answer = (path, index) => (path === slack.path && index < 2 ? SLACK_ROLLUP_ERROR : undefined);
    const { investor } = await newInvestor(founder);
    await openRoom(investor, roomId);
    const posts = await chat.waitFor(slack.path, 3);
    expect(posts.map((post) => post.body)).toEqual([posts[0]?.body, posts[0]?.body, posts[0]?.body]);
    const shown = await until(async () => {
      const target = await targetOf(founder, slack.target.id);
      return target?.lastDelivery?.status === 'succeeded' && target;
    });
    expect(shown.lastDelivery).toMatchObject({ attempts: 3, statusCode: 200, error: null });
    expect(shown.failingSince).toBeNull();
    chat.answer = () => undefined;
  });

  test('a 429 waits as long as its Retry-After asks, then is sent', async () => {
    const founder = await createFounder(t);
    const roomId = await roomOf(founder);
    const slack = await addTarget(founder, 'slack');
    chat.answer = (path, index) => (path === slack.path && index === 0 ? slackRateLimited(1) : undefined);
    const { investor } = await newInvestor(founder);
    await openRoom(investor, roomId);
    const [throttled, sent] = await chat.waitFor(slack.path, 2);
    // The backoff alone would have waited 50 ms.
    expect((sent?.at ?? 0) - (throttled?.at ?? 0)).toBeGreaterThanOrEqual(950);
    await until(async () => (await targetOf(founder, slack.target.id))?.lastDelivery?.status === 'succeeded');
    chat.answer = () => undefined;
  });

  test('Teams’ throttling reported inside a 200 counts as the 429 it is', async () => {
    const founder = await createFounder(t);
    const roomId = await roomOf(founder);
    const teams = await addTarget(founder, 'teams');
    chat.answer = (path, index) => (path === teams.path && index === 0 ? TEAMS_THROTTLED : undefined);
    const { investor } = await newInvestor(founder);
    await openRoom(investor, roomId);
    await chat.waitFor(teams.path, 2);
    const shown = await until(async () => {
      const target = await targetOf(founder, teams.target.id);
      return target?.lastDelivery?.status === 'succeeded' && target;
    });
    expect(shown.lastDelivery?.attempts).toBe(2);
    chat.answer = () => undefined;
  });

  test('a refusal Slack documents (404 no_service) is not retried, and the target shows as failing', async () => {
    const founder = await createFounder(t);
    const roomId = await roomOf(founder);
    const slack = await addTarget(founder, 'slack');
    chat.answer = (path) => (path === slack.path ? SLACK_NO_SERVICE : undefined);
    const { investor } = await newInvestor(founder);
    await openRoom(investor, roomId);
    await t.app.jobs.whenIdle();
    expect(chat.on(slack.path)).toHaveLength(1);
    const shown = await targetOf(founder, slack.target.id);
    expect(shown?.lastDelivery).toMatchObject({ status: 'failed', attempts: 1, statusCode: 404 });
    expect(shown?.lastDelivery?.error).toMatch(/^Slack answered 404 no_service: the webhook was removed/);
    expect(shown?.failingSince).not.toBeNull();
    chat.answer = () => undefined;
  });

  test('a delivery that keeps failing is given up after the bound, and shows as failing', async () => {
    const founder = await createFounder(t);
    const roomId = await roomOf(founder);
    const teams = await addTarget(founder, 'teams');
    chat.answer = (path) => (path === teams.path ? { status: 503, body: 'Service Unavailable' } : undefined);
    const { investor } = await newInvestor(founder);
    await openRoom(investor, roomId);
    await chat.waitFor(teams.path, MAX_ATTEMPTS);
    await t.app.jobs.whenIdle();
    expect(chat.on(teams.path)).toHaveLength(MAX_ATTEMPTS);
    const shown = await targetOf(founder, teams.target.id);
    expect(shown?.lastDelivery).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      statusCode: 503,
      nextAttemptAt: null,
    });
    expect(shown?.lastDelivery?.error).toMatch(/^Microsoft Teams answered 503/);
    expect(shown?.failingSince).not.toBeNull();
    chat.answer = () => undefined;
  });
});

describe('a removed co-founder’s target', () => {
  test('falls silent: nothing more is posted, not even what was waiting for a retry', async () => {
    const { founder, editor, memberId } = await founderWithEditor(t);
    const roomId = await roomOf(founder);
    const slack = await addTarget(editor, 'slack');
    const ann = await newInvestor(founder, 'Ann Before');
    await openRoom(ann.investor, roomId);
    await chat.waitFor(slack.path, 1);

    // The next alert meets a busy Slack, and waits for its retry (a second, as Slack asks) while the
    // co-founder is removed: long enough that the removal comes first however loaded the machine.
    chat.answer = (path, index) => (path === slack.path && index === 1 ? slackRateLimited(1) : undefined);
    const bob = await newInvestor(founder, 'Bob Pending');
    await openRoom(bob.investor, roomId);
    await chat.waitFor(slack.path, 2);
    const removed = await t.call(teamRoutes.removeEditor, { params: { id: memberId }, as: founder });
    expect(removed.status, removed.text).toBe(204);
    const cy = await newInvestor(founder, 'Cy After');
    await openRoom(cy.investor, roomId);
    // The retry comes due, finds its target's co-founder gone, and fails without posting.
    const shown = await until(async () => {
      const target = await targetOf(founder, slack.target.id);
      return target?.lastDelivery?.status === 'failed' && target;
    });
    await t.app.jobs.whenIdle();
    expect(chat.on(slack.path)).toHaveLength(2);
    expect(shown).toMatchObject({
      isEnabled: true,
      isSilenced: true,
      addedBy: { email: expect.stringMatching(/^editor-/) },
      lastDelivery: { status: 'failed', error: expect.stringMatching(/no longer manages the data room/) },
    });
    const tested = await t.call(alertRoutes.testTarget, { params: { id: slack.target.id }, as: founder });
    expect(tested.status, tested.text).toBe(409);
    chat.answer = () => undefined;

    // Turned off and on by the owner, it is theirs, and speaks again.
    await t.call(alertRoutes.updateTarget, {
      params: { id: slack.target.id },
      body: { isEnabled: false },
      as: founder,
    });
    const adopted = await t.call(alertRoutes.updateTarget, {
      params: { id: slack.target.id },
      body: { isEnabled: true },
      as: founder,
    });
    expect(adopted.json).toMatchObject({ isSilenced: false, addedBy: { email: founder.user.email } });
  });
});

describe('what an alert carries', () => {
  test('no document text reaches any payload: Slack, Teams, the signed webhooks, the mails', async () => {
    const founder = await createFounder(t, { companyName: 'Plantword Inc' });
    const roomId = await roomOf(founder);
    const secret = `zq${crypto.randomBytes(6).toString('hex')}word`;
    const documentId = await uploadPdf(founder, 'Board deck.pdf', [
      'Revenue grew',
      `The code name is ${secret}`,
    ]);
    await t.app.jobs.whenIdle();
    // The word is in the document's pages, as the room's search reads them.
    const found = await t.call(searchRoutes.managerSearch, { query: { q: secret }, as: founder });
    expect(found.status, found.text).toBe(200);
    expect(found.json.documents.map((document) => document.documentId)).toEqual([documentId]);
    const slack = await addTarget(founder, 'slack', ['first_visit', 'question_asked', 'downloaded']);
    const teams = await addTarget(founder, 'teams', ['first_visit', 'question_asked', 'downloaded']);
    const endpoint = await t.call(webhookRoutes.addEndpoint, {
      body: {
        url: `${hooks.url}/plant`,
        events: ['alert.first_visit', 'alert.question_asked', 'alert.downloaded'],
      },
      as: founder,
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    await t.call(alertRoutes.saveSettings, { body: { mailTriggers: ['downloaded'] }, as: founder });

    const { investor } = await newInvestor(founder, 'Pat Planter');
    await openRoom(investor, roomId);
    const view = await t.call(readingRoutes.openView, { params: { id: documentId }, as: investor });
    expect(view.status, view.text).toBe(201);
    await download(investor, documentId);
    const asked = await t.call(questionRoutes.ask, {
      params: { id: roomId },
      body: { about: { kind: 'room' }, text: `Is ${secret} the real name of the project?` },
      as: investor,
    });
    expect(asked.status, asked.text).toBe(201);

    await chat.waitFor(slack.path, 3);
    await chat.waitFor(teams.path, 3);
    await hooks.waitFor((request) => request.json.type === 'alert.question_asked');
    await hooks.waitFor((request) => request.json.type === 'alert.downloaded');
    const mail = await t.smtp.waitForMessage(
      (message) =>
        recipientsOf(message).includes(founder.user.email) && /downloaded/.test(message.subject ?? ''),
    );
    await t.app.jobs.whenIdle();

    const payloads = [
      ...chat.on(slack.path).map((post) => post.body),
      ...chat.on(teams.path).map((post) => post.body),
      ...hooks.received.filter((request) => request.path === '/alerts/plant').map((request) => request.body),
      `${mail.subject}\n${mail.text}\n${mail.html}`,
    ];
    expect(payloads.length).toBeGreaterThanOrEqual(9);
    for (const payload of payloads) expect(payload).not.toContain(secret);
    // What they do carry: who, what, the document's title, a link to the console.
    expect(payloads.join('\n')).toContain('Pat Planter asked a question in the Plantword Inc data room');
    expect(payloads.join('\n')).toContain('Pat Planter downloaded “Board deck.pdf”');
    const hook = hooks.received.find((request) => request.json.type === 'alert.downloaded');
    expect(hook?.json.data).toMatchObject({
      trigger: 'downloaded',
      investor: { name: 'Pat Planter' },
      document: { id: documentId, title: 'Board deck.pdf' },
      consoleUrl: `${t.config.appUrl}/admin/analytics/investors/${investor.user.id}`,
    });
  });

  test('mail alerts go to each of the room’s founders by SMTP, with the console’s link', async () => {
    const { founder, editor, editorEmail } = await founderWithEditor(t);
    const roomId = await roomOf(founder);
    const documentId = await uploadPdf(founder, 'Cap table.pdf');
    const saved = await t.call(alertRoutes.saveSettings, {
      body: { mailTriggers: ['downloaded'] },
      as: editor,
    });
    expect(saved.json.mailTriggers).toEqual(['downloaded']);
    expect(saved.json.mailRecipients.sort()).toEqual([founder.user.email, editorEmail].sort());
    const { investor } = await newInvestor(founder, 'Dee Downloader');
    await openRoom(investor, roomId);
    await download(investor, documentId);
    for (const to of [founder.user.email, editorEmail]) {
      const mail = await t.smtp.waitForMessage(
        (message) =>
          recipientsOf(message).includes(to) && /Dee Downloader downloaded/.test(message.subject ?? ''),
      );
      expect(mail.subject).toBe('Dee Downloader downloaded “Cap table.pdf”');
      expect(mail.text).toContain(`${t.config.appUrl}/admin/analytics/investors/${investor.user.id}`);
      expect(mail.text).toContain(`${t.config.appUrl}/setup-data-room?tab=settings`);
    }
    await until(async () => (await settingsOf(founder)).mailLastDelivery?.status === 'succeeded');
  });

  test('an address a share link refuses is told, with why', async () => {
    const founder = await createFounder(t, { companyName: 'Gatekept' });
    const slack = await addTarget(founder, 'slack', ['access_refused']);
    const groups = await t.call(groupRoutes.list, { as: founder });
    const groupId = groups.json.groups[0]?.id ?? '';
    const made = await t.call(shareLinkRoutes.create, {
      body: { name: 'Funds only', groupId, allowedDomains: ['fund.example'] },
      as: founder,
    });
    expect(made.status, made.text).toBe(201);
    const token = made.json.url.slice(made.json.url.lastIndexOf('/') + 1);
    const stranger = uniqueEmail('stranger');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const asked = await t.request('POST', apiPath(shareLinkRoutes.requestCode, { params: { token } }), {
        json: { email: stranger },
        headers: aBrowser(),
      });
      expect(asked.status, asked.text).toBe(200);
    }
    const posts = await chat.waitFor(slack.path, 1);
    await t.app.jobs.whenIdle();
    expect(chat.on(slack.path)).toHaveLength(1);
    expect(slackText(posts[0]?.json)).toContain(
      `${stranger} was refused entry to the Gatekept data room: the share link does not allow the address's domain`,
    );
  });
});

describe('the settings', () => {
  test('a target’s URL is never answered in full, and "Send a test alert" says what the service answered', async () => {
    const founder = await createFounder(t);
    const slack = await addTarget(founder, 'slack');
    const secretPart = slack.url.slice(slack.url.lastIndexOf('/') + 1);
    expect(slack.target.urlHint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/slack\/…/);
    const listed = await t.call(alertRoutes.settings, { as: founder });
    expect(listed.text).not.toContain(secretPart);
    expect(listed.text).not.toContain(slack.url);

    const tested = await t.call(alertRoutes.testTarget, { params: { id: slack.target.id }, as: founder });
    expect(tested.status, tested.text).toBe(200);
    expect(tested.json.delivery).toMatchObject({ status: 'succeeded', trigger: 'test', statusCode: 200 });
    expect(slackText(chat.on(slack.path)[0]?.json)).toMatch(/^A test alert from Roundroom/);

    chat.answer = (path) => (path === slack.path ? SLACK_INVALID_PAYLOAD : undefined);
    const failed = await t.call(alertRoutes.testTarget, { params: { id: slack.target.id }, as: founder });
    expect(failed.json.delivery).toMatchObject({
      status: 'failed',
      statusCode: 400,
      error: 'Slack answered 400 invalid_payload.',
    });
    expect(failed.json.target.failingSince).not.toBeNull();
    expect(failed.text).not.toContain(secretPart);
    chat.answer = () => undefined;
  });

  const badSettings: [string, unknown, RegExp][] = [
    ['0 days', { returnAfterDays: 0 }, /^returnAfterDays: must be at least 1/],
    ['a threshold over 100', { scoreThreshold: 101 }, /^scoreThreshold: must be at most 100/],
    [
      'first visits by alert mail',
      { mailTriggers: ['first_visit'] },
      /^mailTriggers\.0: must each be one of/,
    ],
    ['an unknown field', { returnAfterDays: 3, colour: 'red' }, /colour/],
  ];
  for (const [what, body, message] of badSettings)
    test(`${what} is refused with 400 naming the field, and nothing is written`, async () => {
      const founder = await createFounder(t);
      const before = await countRows(t);
      const response = await t.call(alertRoutes.saveSettings, { rawBody: body, as: founder });
      expect(response.status, response.text).toBe(400);
      expect(response.refusal?.message).toMatch(message);
      expect(await countRows(t)).toEqual(before);
    });

  const badTargets: [string, unknown, RegExp][] = [
    ['no URL', { kind: 'slack', triggers: ['first_visit'] }, /^url: is required/],
    ['not a URL', { kind: 'slack', url: 'hooks', triggers: ['first_visit'] }, /^url: must be a full URL/],
    [
      'an unknown kind',
      { kind: 'discord', url: 'https://example.com/x', triggers: ['first_visit'] },
      /^kind: /,
    ],
    [
      'no triggers',
      { kind: 'teams', url: 'https://example.com/x', triggers: [] },
      /^triggers: must name at least/,
    ],
    [
      'a URL with a password',
      { kind: 'slack', url: 'https://user:pw@example.com/x', triggers: ['first_visit'] },
      /^url: must not contain a user name or password/,
    ],
  ];
  for (const [what, body, message] of badTargets)
    test(`a target with ${what} is refused with 400 naming the field`, async () => {
      const founder = await createFounder(t);
      const before = await countRows(t);
      const response = await t.call(alertRoutes.addTarget, { rawBody: body, as: founder });
      expect(response.status, response.text).toBe(400);
      expect(response.refusal?.message).toMatch(message);
      expect(await countRows(t)).toEqual(before);
    });

  test('the same URL twice is a 409', async () => {
    const founder = await createFounder(t);
    const slack = await addTarget(founder, 'slack');
    const again = await t.call(alertRoutes.addTarget, {
      body: { kind: 'slack', url: slack.url, triggers: ['first_visit'] },
      as: founder,
    });
    expect(again.status, again.text).toBe(409);
  });

  test('who is refused: signed out 401, an investor and an API token 403, another room’s founder 404', async () => {
    const founder = await createFounder(t);
    const slack = await addTarget(founder, 'slack');
    const { investor } = await newInvestor(founder);
    const other = await createFounder(t);
    const token = await createApiToken(t, founder, {
      scopes: ['analytics:read', 'documents:write', 'invitations:write', 'sections:write', 'questions:write'],
    });
    const target = { params: { id: slack.target.id } };
    const calls = [
      () => t.call(alertRoutes.settings, {}),
      () => t.call(alertRoutes.saveSettings, { body: { scoreThreshold: 50 } }),
      () =>
        t.call(alertRoutes.addTarget, {
          body: { kind: 'slack', url: ownUrl('slack').url, triggers: ['first_visit'] },
        }),
      () => t.call(alertRoutes.updateTarget, { ...target, body: { isEnabled: false } }),
      () => t.call(alertRoutes.removeTarget, target),
      () => t.call(alertRoutes.testTarget, target),
    ] as const;
    const before = await countRows(t);
    const sentBefore = chat.on(slack.path).length;
    for (const call of calls) expect((await call()).status).toBe(401);
    const as = (caller: { auth: Record<string, string> }) => [
      t.call(alertRoutes.settings, { as: caller }),
      t.call(alertRoutes.saveSettings, { body: { scoreThreshold: 50 }, as: caller }),
      t.call(alertRoutes.addTarget, {
        body: { kind: 'slack', url: ownUrl('slack').url, triggers: ['first_visit'] },
        as: caller,
      }),
      t.call(alertRoutes.updateTarget, { ...target, body: { isEnabled: false }, as: caller }),
      t.call(alertRoutes.removeTarget, { ...target, as: caller }),
      t.call(alertRoutes.testTarget, { ...target, as: caller }),
    ];
    for (const response of await Promise.all(as(investor))) expect(response.status, response.text).toBe(403);
    for (const response of await Promise.all(as(token))) expect(response.status, response.text).toBe(403);
    // Another founder reads their own room's settings (none of ours), and our target does not exist for them.
    const ownSettings = await t.call(alertRoutes.settings, { as: other });
    expect(ownSettings.status).toBe(200);
    expect(ownSettings.text).not.toContain(slack.target.id);
    for (const response of await Promise.all([
      t.call(alertRoutes.updateTarget, { ...target, body: { isEnabled: false }, as: other }),
      t.call(alertRoutes.removeTarget, { ...target, as: other }),
      t.call(alertRoutes.testTarget, { ...target, as: other }),
    ]))
      expect(response.status, response.text).toBe(404);
    expect(await countRows(t)).toEqual(before);
    expect(chat.on(slack.path)).toHaveLength(sentBefore);
  });
});

describe('the outbound address policy, as webhooks have it', () => {
  let strict: TestApp;
  const answersFor = new Map<string, { address: string; family: number }[]>([
    ['internal.example', [{ address: '10.0.0.5', family: 4 }]],
    ['hooks.slack.example', [{ address: '93.184.215.14', family: 4 }]],
  ]);
  beforeAll(async () => {
    // Private addresses not allowed, and a DNS that answers what this test says.
    strict = await startTestApp({ resolveWebhookHost: async (hostname) => answersFor.get(hostname) ?? [] });
  });
  afterAll(() => strict?.close());

  const refused: [string, RegExp][] = [
    ['http://hooks.slack.example/services/T/B/x', /^url: must start with https:\/\//],
    ['https://127.0.0.1/services/T/B/x', /^url: must reach a public address/],
    ['https://169.254.169.254/latest/meta-data', /^url: must reach a public address/],
    [
      'https://internal.example/services/T/B/x',
      /^url: must reach a public address: internal\.example resolves to 10\.0\.0\.5/,
    ],
  ];
  for (const [url, message] of refused)
    test(`a Slack or Teams URL ${url} is refused with 400 naming the field`, async () => {
      const founder = await createFounder(strict);
      const response = await strict.call(alertRoutes.addTarget, {
        body: { kind: 'teams', url, triggers: ['first_visit'] },
        as: founder,
      });
      expect(response.status, response.text).toBe(400);
      expect(response.refusal?.message).toMatch(message);
    });

  test('a public https URL is kept, and shown only by its hint', async () => {
    const founder = await createFounder(strict);
    const url = 'https://hooks.slack.example/services/T0001/B0001/abcdefghijklmnopqrstuvwx';
    const response = await strict.call(alertRoutes.addTarget, {
      body: { kind: 'slack', url, triggers: ['first_visit'] },
      as: founder,
    });
    expect(response.status, response.text).toBe(201);
    expect(response.json.urlHint).toBe('https://hooks.slack.example/services/…uvwx');
    expect(response.text).not.toContain('abcdefghijkl');
  });
});
