import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { MINUTE_MS } from '#server/durations';
import { engagementRoutes } from '#shared/contracts/engagement';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { webhookRoutes } from '#shared/contracts/webhooks';
import {
  countRows,
  createApiToken,
  createFounder,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uploadFile,
} from '#tests/support/factories';
import { writtenPdf } from '#tests/support/sample-documents';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/support/webhook-receiver';
import { refreshRoomEngagement } from './engagement-refresh';

// Key documents, the CRM exports, the investor.engagement_changed webhook and who is refused
// (docs/decisions/0089-engagement-score.md).

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({
    environment: {
      ENGAGEMENT_REFRESH_MS: '0',
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOKS_RETRY_BASE_DELAY_MS: '50',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const tag = () => crypto.randomBytes(3).toString('hex');

async function uploadPrepared(founder: SignedIn, name: string, pages: number) {
  const response = await uploadFile(t, founder, {
    name,
    bytes: writtenPdf({ pages, lines: (page) => [`Confidential ${name} page ${page}`] }),
  });
  expect(response.status, response.text).toBe(201);
  await t.app.jobs.whenIdle();
  return (response.json as { document: { id: string; title: string } }).document;
}

async function readWhole(who: SignedIn, documentId: string, pages: number, msPerPage: number) {
  const view = await t.call(readingRoutes.openView, { params: { id: documentId }, as: who });
  expect(view.status, view.text).toBe(201);
  const report = await t.call(readingRoutes.report, {
    params: { viewId: view.json.viewId ?? '' },
    rawBody: { pages: Array.from({ length: pages }, (_, index) => ({ page: index + 1, seconds: 0.2 })) },
    as: who,
  });
  expect(report.status, report.text).toBe(204);
  await t.app.jobs.whenIdle();
  await t.app.database.db
    .updateTable('reading_reader_pages')
    .set({ read_ms: msPerPage })
    .where('user_id', '=', who.user.id)
    .where('document_id', '=', documentId)
    .execute();
}

async function refresh(roomId: string) {
  await t.app.jobs.whenIdle();
  await t.app.database.db.deleteFrom('engagement_rooms').where('room_id', '=', roomId).execute();
  await refreshRoomEngagement(t.app.ctx, roomId);
  await t.app.jobs.whenIdle();
}

/** A founder's room with a deck and a model, and an investor who read all of the model for 8 minutes. */
async function roomWithReader(investorName = 'Ann Lee') {
  const founder = await createFounder(t, { companyName: `Acme ${tag()}` });
  const roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
  const deck = await uploadPrepared(founder, 'Deck.pdf', 2);
  const model = await uploadPrepared(founder, 'Model.pdf', 4);
  const email = `ann-${tag()}@fund-${tag()}.example`;
  await invite(t, founder, email, investorName);
  const investor = await signInWithMagicLink(t, email);
  return { founder, roomId, deck, model, investor, email };
}

describe('key documents', () => {
  test('a founder marks a document key: it is listed, and the share of it read is in the why', async () => {
    const { founder, roomId, model, investor } = await roomWithReader();
    await readWhole(investor, model.id, 4, 2 * MINUTE_MS);
    const marked = await t.call(engagementRoutes.markKeyDocument, {
      params: { id: model.id },
      body: { isKey: true },
      as: founder,
    });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.json).toEqual({ documentIds: [model.id] });
    expect((await t.call(engagementRoutes.keyDocuments, { as: founder })).json).toEqual({
      documentIds: [model.id],
    });
    await refresh(roomId);
    const list = (await t.call(engagementRoutes.hotInvestors, { query: {}, as: founder })).json;
    expect(list.hasKeyDocuments).toBe(true);
    expect(list.investors[0]?.why).toContainEqual({
      factor: 'key_documents',
      points: 20,
      text: `Read 100% of ${model.title} (a key document)`,
    });
    const unmarked = await t.call(engagementRoutes.markKeyDocument, {
      params: { id: model.id },
      body: { isKey: false },
      as: founder,
    });
    expect(unmarked.json).toEqual({ documentIds: [] });
  });

  test("another room's document is a 404, a bad body a 400 naming isKey, and an investor may not mark", async () => {
    const mine = await roomWithReader();
    const other = await roomWithReader();
    const before = await countRows(t);
    const foreign = await t.call(engagementRoutes.markKeyDocument, {
      params: { id: other.model.id },
      body: { isKey: true },
      as: mine.founder,
    });
    expect(foreign.status).toBe(404);
    const bad = await t.call(engagementRoutes.markKeyDocument, {
      params: { id: mine.model.id },
      rawBody: { isKey: 'yes' },
      as: mine.founder,
    });
    expect(bad.status).toBe(400);
    expect(bad.refusal?.message).toContain('isKey');
    const byInvestor = await t.call(engagementRoutes.markKeyDocument, {
      params: { id: mine.model.id },
      body: { isKey: true },
      as: mine.investor,
    });
    expect(byInvestor.status).toBe(403);
    expect(await countRows(t)).toEqual(before);
  });
});

describe('exports for a CRM', () => {
  test('CSV: one row per person with firm, score, last seen and documents read; a formula in a name is inert', async () => {
    const { founder, roomId, model, investor, email } = await roomWithReader(
      '=HYPERLINK("http://evil.example","Ann")',
    );
    await readWhole(investor, model.id, 4, 2 * MINUTE_MS);
    await refresh(roomId);
    const csv = await t.call(engagementRoutes.exportCsv, { query: {}, as: founder });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename=roundroom-hot-investors-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const [header, row, ...rest] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Name,Email,Company,Engagement score,Engagement,Last seen,Documents read,Documents,Why',
    );
    expect(rest).toEqual(['']);
    const list = (await t.call(engagementRoutes.hotInvestors, { query: {}, as: founder })).json;
    const ann = list.investors[0];
    expect(row).toBe(
      [
        `"'=HYPERLINK(""http://evil.example"",""Ann"")"`,
        email,
        email.slice(email.indexOf('@') + 1),
        String(ann?.score),
        ann?.band,
        ann?.lastSeenAt,
        '1',
        model.title,
        ann?.why.map((reason) => reason.text).join('; '),
      ].join(','),
    );
  });

  test('JSON: the same rows, for an API token that may read analytics', async () => {
    const { founder, roomId, model, investor, email } = await roomWithReader();
    await readWhole(investor, model.id, 4, 2 * MINUTE_MS);
    await refresh(roomId);
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    const exported = await t.call(engagementRoutes.exportJson, { query: {}, headers: token.auth });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.json.investors).toEqual([
      {
        name: 'Ann Lee',
        email,
        firm: email.slice(email.indexOf('@') + 1),
        score: expect.any(Number),
        band: expect.any(String),
        lastSeenAt: expect.any(String),
        documentsRead: 1,
        documents: [model.title],
        why: expect.arrayContaining(['Read for 8 minutes']),
      },
    ]);
  });
});

describe('who may read the list and its exports', () => {
  test('an investor, a signed-out caller, another founder and a token without analytics:read get none of it', async () => {
    const { founder, roomId, model, investor, email } = await roomWithReader();
    await readWhole(investor, model.id, 4, MINUTE_MS);
    await refresh(roomId);
    const documentsToken = await createApiToken(t, founder, { scopes: ['documents:write'] });
    const analyticsToken = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    const otherFounder = await createFounder(t);
    for (const route of [
      engagementRoutes.hotInvestors,
      engagementRoutes.exportCsv,
      engagementRoutes.exportJson,
    ]) {
      expect((await t.call(route, { query: {}, as: investor })).status).toBe(403);
      expect((await t.call(route, { query: {} })).status).toBe(401);
      expect((await t.call(route, { query: {}, headers: documentsToken.auth })).status).toBe(403);
      const own = await t.call(route, { query: {}, as: otherFounder });
      expect(own.status).toBe(200);
      expect(own.text).not.toContain(email);
      const allowed = await t.call(route, { query: {}, headers: analyticsToken.auth });
      expect(allowed.status).toBe(200);
      expect(allowed.text).toContain(email);
    }
    expect((await t.call(engagementRoutes.keyDocuments, { as: investor })).status).toBe(403);
    expect((await t.call(engagementRoutes.keyDocuments, { headers: analyticsToken.auth })).status).toBe(403);
  });
});

describe('investor.engagement_changed', () => {
  test('fires when a score enters another band, once, with who and why and no document text', async () => {
    const { founder, roomId, model, investor, email } = await roomWithReader();
    const endpoint = await t.call(webhookRoutes.addEndpoint, {
      body: { url: `${receiver.url}/engagement-${tag()}`, events: ['investor.engagement_changed'] },
      as: founder,
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    await readWhole(investor, model.id, 4, 4 * MINUTE_MS);
    await refresh(roomId);
    const event = await receiver.waitFor(
      (request) => request.json.type === 'investor.engagement_changed' && request.body.includes(email),
    );
    expect(event.json.data).toMatchObject({
      roomId,
      investor: { userId: investor.user.id, email, name: 'Ann Lee' },
      previousScore: 0,
      previousBand: 'cold',
      band: 'warm',
      documentsRead: 1,
    });
    expect(event.body).not.toContain('Confidential');
    const told = receiver.received.filter((request) => request.body.includes(email)).length;
    // Nothing moved: nothing more is told.
    await refresh(roomId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.filter((request) => request.body.includes(email))).toHaveLength(told);
  });
});

describe('the refresh follows a room while it is read', () => {
  let followed: TestApp;
  beforeAll(async () => {
    followed = await startTestApp({ environment: { ENGAGEMENT_REFRESH_MS: '300' } });
  });
  afterAll(async () => {
    await followed?.close();
  });

  test('reading reported after the view opened is scored within an interval or two, with no call', async () => {
    const founder = await createFounder(followed);
    const upload = await uploadFile(followed, founder, { name: 'Deck.pdf', bytes: writtenPdf({ pages: 2 }) });
    await followed.app.jobs.whenIdle();
    const deck = (upload.json as { document: { id: string; title: string } }).document;
    const email = `ivy-${tag()}@ivy-${tag()}.example`;
    await invite(followed, founder, email, 'Ivy');
    const investor = await signInWithMagicLink(followed, email);
    const view = await followed.call(readingRoutes.openView, { params: { id: deck.id }, as: investor });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const report = await followed.call(readingRoutes.report, {
      params: { viewId: view.json.viewId ?? '' },
      rawBody: { pages: [{ page: 1, seconds: 1 }] },
      as: investor,
    });
    expect(report.status, report.text).toBe(204);
    await vi.waitFor(
      async () => {
        const list = (await followed.call(engagementRoutes.hotInvestors, { query: {}, as: founder })).json;
        expect(list.investors[0]?.documentsRead).toEqual([{ documentId: deck.id, title: deck.title }]);
      },
      { timeout: 5_000, interval: 100 },
    );
  });
});
