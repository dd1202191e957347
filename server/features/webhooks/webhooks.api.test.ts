import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ResolvedAddress } from '#server/security/resolve-host';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { ndaRoutes } from '#shared/contracts/nda';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { teamRoutes } from '#shared/contracts/team';
import type { WebhookDelivery, WebhookEndpointWithSecret } from '#shared/contracts/webhooks';
import { webhookRoutes } from '#shared/contracts/webhooks';
import {
  countRows,
  createFounder,
  founderWithEditor,
  founderWithInvestor,
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
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  verifyWebhook,
  type WebhookReceiver,
} from '#tests/support/webhook-receiver';

/** Webhooks end to end through the API (docs/decisions/0052-webhooks.md), against a real receiver. */

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({
    environment: {
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOKS_RETRY_BASE_DELAY_MS: '50',
      WEBHOOKS_TIMEOUT_MS: '400',
      JOB_POLL_INTERVAL_MS: '20',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** Polls until `check` holds (deliveries run in the background job worker). */
async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function addEndpoint(
  app: TestApp,
  founder: SignedIn,
  url: string,
  events: string[] = ['document.uploaded'],
): Promise<WebhookEndpointWithSecret> {
  const response = await app.call(webhookRoutes.addEndpoint, { rawBody: { url, events }, as: founder });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

async function deliveriesOf(app: TestApp, founder: SignedIn, endpointId: string): Promise<WebhookDelivery[]> {
  const response = await app.call(webhookRoutes.deliveries, { params: { id: endpointId }, as: founder });
  expect(response.status, response.text).toBe(200);
  return response.json.deliveries;
}

async function sendTest(app: TestApp, founder: SignedIn, endpointId: string): Promise<WebhookDelivery> {
  const response = await app.call(webhookRoutes.sendTest, { params: { id: endpointId }, as: founder });
  expect(response.status, response.text).toBe(202);
  return response.json.delivery;
}

/** A receiver path of its own per test, so each test reads only its own requests. */
let paths = 0;
const ownPath = () => `${receiver.url}/${++paths}`;
/** The requests the receiver got on this endpoint's path. */
function requestsFor(url: string): ReceivedWebhook[] {
  return receiver.received.filter((request) => request.path === new URL(url).pathname);
}

describe('managing endpoints', () => {
  test('a founder adds an endpoint: the secret is shown once, in the Standard Webhooks form', async () => {
    const founder = await createFounder(t);
    const url = ownPath();
    const created = await addEndpoint(t, founder, url, ['nda.accepted', 'document.viewed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({
      url,
      // Kept in the contract's order, whatever order they were sent in.
      events: ['document.viewed', 'nda.accepted'],
      isEnabled: true,
      disabledReason: null,
      secretHint: `${created.secret.slice(0, 12)}…`,
    });
    const listed = await t.call(webhookRoutes.endpoints, { as: founder });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({ endpoints: [created.endpoint] });
    expect(listed.text).not.toContain(created.secret);
  });

  const refusals: [string, unknown, RegExp][] = [
    ['not a URL', { url: 'hooks', events: ['document.viewed'] }, /^url: must be a full URL/],
    [
      'an ftp URL',
      { url: 'ftp://example.com/x', events: ['document.viewed'] },
      /^url: must start with https/,
    ],
    [
      'a URL with a password',
      { url: 'https://user:secret@example.com/x', events: ['document.viewed'] },
      /^url: must not contain a user name or password/,
    ],
    ['no events', { url: 'https://example.com/x', events: [] }, /^events: must name at least one event/],
    [
      'an unknown event',
      { url: 'https://example.com/x', events: ['document.deleted'] },
      /^events\.0: must each be/,
    ],
  ];
  for (const [what, body, message] of refusals)
    test(`${what} is refused with 400 naming the field, and nothing is written`, async () => {
      const founder = await createFounder(t);
      const before = await countRows(t);
      const response = await t.call(webhookRoutes.addEndpoint, { rawBody: body, as: founder });
      expect(response.status, response.text).toBe(400);
      expect(response.refusal?.message).toMatch(message);
      expect(await countRows(t)).toEqual(before);
    });

  test('the same URL twice is a 409, and so is an eleventh endpoint', async () => {
    const founder = await createFounder(t);
    const url = ownPath();
    await addEndpoint(t, founder, url);
    const again = await t.call(webhookRoutes.addEndpoint, {
      body: { url, events: ['document.viewed'] },
      as: founder,
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: 'endpoint_exists' });
    for (let n = 0; n < 9; n++) await addEndpoint(t, founder, ownPath());
    const eleventh = await t.call(webhookRoutes.addEndpoint, {
      body: { url: ownPath(), events: ['document.viewed'] },
      as: founder,
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.json).toMatchObject({
      error: 'too_many_endpoints',
      message: expect.stringMatching(/10 webhook endpoints/),
    });
  });

  test('changing events, turning off and on, deleting', async () => {
    const founder = await createFounder(t);
    const { endpoint } = await addEndpoint(t, founder, ownPath());
    const path = apiPath(webhookRoutes.updateEndpoint, { params: { id: endpoint.id } });
    const changed = await t.request('POST', path, {
      json: { events: ['link.clicked'] },
      headers: founder.auth,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ events: ['link.clicked'], isEnabled: true });
    const off = await t.request('POST', path, { json: { isEnabled: false }, headers: founder.auth });
    expect(off.json).toMatchObject({ isEnabled: false, disabledReason: null });
    const testWhileOff = await t.request('POST', `${path}/test`, { headers: founder.auth });
    expect(testWhileOff.status).toBe(409);
    expect(testWhileOff.json).toMatchObject({ error: 'endpoint_disabled' });
    const on = await t.request('POST', path, { json: { isEnabled: true }, headers: founder.auth });
    expect(on.json).toMatchObject({ isEnabled: true, disabledAt: null });
    const empty = await t.request('POST', path, { json: {}, headers: founder.auth });
    expect(empty.status).toBe(400);
    const deleted = await t.request('DELETE', path, { headers: founder.auth });
    expect(deleted.status).toBe(204);
    expect((await t.request('GET', `${path}/deliveries`, { headers: founder.auth })).status).toBe(404);
  });
});

describe('delivery', () => {
  beforeAll(() => {
    // Tell requests apart by path: the receiver answers each as the test in charge of that path says.
    receiver.answer = (_index, request) => answers.get(request.path)?.(request) ?? 204;
  });
  const answers = new Map<string, (request: ReceivedWebhook) => number | 'hang'>();

  test('a test event arrives signed: the standard verifier accepts it, and the log shows 204', async () => {
    const founder = await createFounder(t);
    const url = ownPath();
    const { endpoint, secret } = await addEndpoint(t, founder, url);
    const queued = await sendTest(t, founder, endpoint.id);
    expect(queued).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    const request = await receiver.waitFor((r) => r.headers['webhook-id'] === queued.messageId);
    expect(verifyWebhook(secret, request)).toMatchObject({ type: 'webhook.test' });
    expect(() => verifyWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request)).toThrow();
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.json.data).toMatchObject({ endpointId: endpoint.id });
    const [logged] = await until(async () => {
      const log = await deliveriesOf(t, founder, endpoint.id);
      return log[0]?.status === 'succeeded' && log;
    });
    expect(logged).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 204, lastError: null });
    expect(logged?.lastAttemptAt).not.toBeNull();
    expect(logged?.durationMs).toBeGreaterThanOrEqual(0);
  });

  test('after 500s it is retried with the same webhook-id until it succeeds; the log keeps the status', async () => {
    const founder = await createFounder(t);
    const url = ownPath();
    const { endpoint, secret } = await addEndpoint(t, founder, url);
    let calls = 0;
    answers.set(new URL(url).pathname, () => (++calls <= 2 ? 500 : 200));
    const queued = await sendTest(t, founder, endpoint.id);
    const [logged] = await until(async () => {
      const log = await deliveriesOf(t, founder, endpoint.id);
      return log[0]?.status === 'succeeded' && log;
    });
    expect(logged).toMatchObject({
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
      responseExcerpt: 'ok',
    });
    const attempts = receiver.received.filter((r) => r.headers['webhook-id'] === queued.messageId);
    expect(attempts).toHaveLength(3);
    for (const attempt of attempts) expect(verifyWebhook(secret, attempt)).toBeTruthy();
  });

  test('a receiver that does not answer in time is retried; the log says it timed out', async () => {
    const founder = await createFounder(t);
    const url = ownPath();
    const { endpoint } = await addEndpoint(t, founder, url);
    let calls = 0;
    answers.set(new URL(url).pathname, () => (++calls === 1 ? 'hang' : 200));
    await sendTest(t, founder, endpoint.id);
    const failedOnce = await until(async () => {
      const [delivery] = await deliveriesOf(t, founder, endpoint.id);
      return delivery && delivery.attempts >= 1 && delivery;
    });
    expect(failedOnce).toMatchObject({ lastStatusCode: null, lastError: 'No answer within 400 ms.' });
    const [logged] = await until(async () => {
      const log = await deliveriesOf(t, founder, endpoint.id);
      return log[0]?.status === 'succeeded' && log;
    });
    expect(logged).toMatchObject({ attempts: 2, lastStatusCode: 200 });
  });

  test('after a rotation, deliveries are signed with the new secret and, for a day, the old one', async () => {
    const founder = await createFounder(t);
    const { endpoint, secret: oldSecret } = await addEndpoint(t, founder, ownPath());
    const rotated = await t.call(webhookRoutes.rotateSecret, { params: { id: endpoint.id }, as: founder });
    expect(rotated.status, rotated.text).toBe(200);
    const { secret: newSecret, endpoint: after } = rotated.json;
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(after.previousSecretExpiresAt ?? '') - Date.now()).toBeGreaterThan(23 * 3600_000);
    const queued = await sendTest(t, founder, endpoint.id);
    const request = await receiver.waitFor((r) => r.headers['webhook-id'] === queued.messageId);
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyWebhook(newSecret, request)).toBeTruthy();
    expect(verifyWebhook(oldSecret, request)).toBeTruthy();
  });

  test('each event is sent where it happens, only to the endpoints that want it', async () => {
    const founder = await createFounder(t);
    const everything = await addEndpoint(t, founder, ownPath(), [
      'document.uploaded',
      'invitation.accepted',
      'document.downloaded',
      'document.viewed',
      'link.clicked',
      'nda.accepted',
    ]);
    const ndaOnly = await addEndpoint(t, founder, ownPath(), ['nda.accepted']);
    const roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
    const of = (type: string, endpointUrl = everything.endpoint.url) =>
      requestsFor(endpointUrl).filter((request) => request.json.type === type);

    const uploaded = await uploadFile(t, founder, { name: 'Pitch deck.pdf', bytes: uniquePdf() });
    expect(uploaded.status, uploaded.text).toBe(201);
    const documentId = (uploaded.json as { document: { id: string } }).document.id;
    const [upload] = await until(async () => of('document.uploaded').length > 0 && of('document.uploaded'));
    expect(verifyWebhook(everything.secret, upload as ReceivedWebhook)).toBeTruthy();
    expect(upload?.json.data).toMatchObject({ roomId, documentId, title: 'Pitch deck.pdf', fileType: 'pdf' });

    const externalUrl = `https://example.com/demo-${documentId.slice(0, 8)}`;
    const saved = await t.call(roomRoutes.saveSections, {
      body: {
        content: `## Pitch\n- [Pitch deck](${apiPath(documentRoutes.download, { params: { id: documentId } })})\n- [Demo](${externalUrl})\n`,
      },
      as: founder,
    });
    expect(saved.status, saved.text).toBe(200);
    await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2 });

    const investorEmail = uniqueEmail('investor');
    await invite(t, founder, investorEmail, 'Ivy Investor');
    const investor = await signInWithMagicLink(t, investorEmail);
    const [accepted] = await until(
      async () => of('invitation.accepted').length > 0 && of('invitation.accepted'),
    );
    expect(accepted?.json.data).toMatchObject({
      roomId,
      email: investorEmail,
      name: 'Ivy Investor',
      role: 'investor',
    });

    const reader = { email: investorEmail, name: 'Ivy Investor', via: 'account' };
    expect((await t.call(documentRoutes.download, { params: { id: documentId }, as: investor })).status).toBe(
      200,
    );
    const [download] = await until(
      async () => of('document.downloaded').length > 0 && of('document.downloaded'),
    );
    expect(download?.json.data).toMatchObject({ roomId, documentId, documentTitle: 'Pitch deck', reader });

    expect((await t.call(readingRoutes.openView, { params: { id: documentId }, as: investor })).status).toBe(
      201,
    );
    const [view] = await until(async () => of('document.viewed').length > 0 && of('document.viewed'));
    expect(view?.json.data).toMatchObject({ roomId, documentId, reader });

    const click = await t.call(roomRoutes.click, {
      params: { id: roomId },
      query: { url: externalUrl },
      as: investor,
      redirect: 'manual',
    });
    expect(click.status).toBe(302);
    const [clicked] = await until(async () => of('link.clicked').length > 0 && of('link.clicked'));
    expect(clicked?.json.data).toMatchObject({ roomId, url: externalUrl, documentTitle: 'Demo', reader });

    const nda = await t.call(ndaRoutes.saveSettings, {
      body: { isRequired: true, text: 'Keep it to yourself.' },
      as: founder,
    });
    expect(nda.status, nda.text).toBe(200);
    const versionId = (nda.json as { version: { id: string } }).version.id;
    const acceptance = await t.call(ndaRoutes.accept, {
      params: { id: roomId },
      body: { versionId, signerName: 'Ivy Investor', agree: true },
      as: investor,
    });
    expect(acceptance.status, acceptance.text).toBe(201);
    for (const url of [everything.endpoint.url, ndaOnly.endpoint.url]) {
      const [signed] = await until(async () => of('nda.accepted', url).length > 0 && of('nda.accepted', url));
      expect(signed?.json.data).toMatchObject({
        roomId,
        versionId,
        email: investorEmail,
        signerName: 'Ivy Investor',
      });
    }
    // Accepting again changes nothing, and sends nothing.
    await t.call(ndaRoutes.accept, {
      params: { id: roomId },
      body: { versionId, signerName: 'Ivy Investor', agree: true },
      as: investor,
    });
    await t.app.jobs.whenIdle();
    expect(of('nda.accepted')).toHaveLength(1);
    // The NDA-only endpoint got nothing else; each event went once to the endpoint that wants all.
    expect(requestsFor(ndaOnly.endpoint.url).map((request) => request.json.type)).toEqual(['nda.accepted']);
    expect(
      requestsFor(everything.endpoint.url)
        .map((request) => request.json.type)
        .sort(),
    ).toEqual([
      'document.downloaded',
      'document.uploaded',
      'document.viewed',
      'invitation.accepted',
      'link.clicked',
      'nda.accepted',
    ]);
  });
});

describe('a new version of a document', () => {
  test('is sent as document.updated once it is what investors read, naming the version', async () => {
    const founder = await createFounder(t);
    const { endpoint } = await addEndpoint(t, founder, ownPath(), ['document.updated']);
    const uploaded = await uploadFile(t, founder, { name: 'Deck.pdf', bytes: uniquePdf() });
    expect(uploaded.status, uploaded.text).toBe(201);
    const documentId = (uploaded.json as { document: { id: string } }).document.id;
    await t.app.jobs.whenIdle();
    expect(requestsFor(endpoint.url)).toEqual([]);

    const form = new FormData();
    form.append('file', new Blob([uniquePdf()]), 'Deck v2.pdf');
    const replaced = await t.call(documentRoutes.replaceFile, {
      params: { id: documentId },
      form,
      as: founder,
    });
    expect(replaced.status, replaced.text).toBe(201);
    const [updated] = await until(
      async () => requestsFor(endpoint.url).length > 0 && requestsFor(endpoint.url),
    );
    expect(updated?.json.type).toBe('document.updated');
    expect(updated?.json.data).toMatchObject({ documentId, title: 'Deck.pdf', version: 2, fileType: 'pdf' });
    await t.app.jobs.whenIdle();
    expect(requestsFor(endpoint.url)).toHaveLength(1);
  });
});

describe('endpoints added by a co-founder', () => {
  test('the list says who added each endpoint', async () => {
    const { founder, editor, editorEmail } = await founderWithEditor(t);
    const byEditor = await addEndpoint(t, editor, ownPath());
    const byOwner = await addEndpoint(t, founder, ownPath());
    expect(byEditor.endpoint.addedBy).toEqual({ name: 'Eddie Editor', email: editorEmail });
    const listed = await t.call(webhookRoutes.endpoints, { as: founder });
    const endpoints = listed.json.endpoints;
    expect(endpoints.map((endpoint) => [endpoint.id, endpoint.addedBy?.email])).toEqual([
      [byEditor.endpoint.id, editorEmail],
      [byOwner.endpoint.id, founder.user.email],
    ]);
  });

  test('once the co-founder is removed, what they added receives nothing more, and the owner may take it over', async () => {
    const { founder, editor, memberId } = await founderWithEditor(t);
    const url = ownPath();
    const { endpoint } = await addEndpoint(t, editor, url, ['document.uploaded']);
    const upload = async (name: string) => {
      const response = await uploadFile(t, founder, { name, bytes: uniquePdf() });
      expect(response.status, response.text).toBe(201);
    };
    await upload('Before.pdf');
    await until(async () => requestsFor(url).length === 1);

    const removed = await t.call(teamRoutes.removeEditor, { params: { id: memberId }, as: founder });
    expect(removed.status, removed.text).toBe(204);
    await upload('After.pdf');
    await t.app.jobs.whenIdle();
    expect(requestsFor(url)).toHaveLength(1);

    const listed = await t.call(webhookRoutes.endpoints, { as: founder });
    expect(listed.json.endpoints).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        isEnabled: false,
        disabledReason: expect.stringMatching(/co-founder who added this endpoint no longer manages/),
      }),
    ]);
    // Even turned on behind the server's back, it gets nothing while its creator manages nothing.
    await t.app.database.db
      .updateTable('webhook_endpoints')
      .set({ is_enabled: 1 })
      .where('id', '=', endpoint.id)
      .execute();
    await upload('Sneaky.pdf');
    // A delivery already queued (here the test event, which goes to one endpoint) is not sent either.
    const queued = await sendTest(t, founder, endpoint.id);
    await t.app.jobs.whenIdle();
    expect(requestsFor(url)).toHaveLength(1);
    expect((await deliveriesOf(t, founder, endpoint.id)).find((d) => d.id === queued.id)).toMatchObject({
      status: 'failed',
      attempts: 0,
      lastError: expect.stringMatching(/no longer manages/),
    });

    // The owner turns it back on through the console: it is theirs now, and delivers again.
    await t.app.database.db
      .updateTable('webhook_endpoints')
      .set({ is_enabled: 0 })
      .where('id', '=', endpoint.id)
      .execute();
    const on = await t.call(webhookRoutes.updateEndpoint, {
      params: { id: endpoint.id },
      body: { isEnabled: true },
      as: founder,
    });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toMatchObject({ isEnabled: true, addedBy: { email: founder.user.email } });
    await upload('Later.pdf');
    await until(async () => requestsFor(url).length === 2);
  });
});

describe('a day of failures', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await startTestApp({
      environment: {
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
        WEBHOOKS_RETRY_BASE_DELAY_MS: '50',
        WEBHOOKS_FAILURE_WINDOW_MS: '700',
        WEBHOOKS_TIMEOUT_MS: '400',
        JOB_POLL_INTERVAL_MS: '20',
      },
    });
  });
  afterAll(() => short?.close());

  test('an endpoint added after downloads were logged without one gets the next download', async () => {
    // Whether a room listens is cached (webhookEventsCache): adding an endpoint must end that answer.
    const { founder, investor } = await founderWithInvestor(t);
    const uploaded = await uploadFile(t, founder, { name: 'Model.pdf', bytes: uniquePdf() });
    expect(uploaded.status, uploaded.text).toBe(201);
    const download = apiPath(documentRoutes.download, {
      params: { id: (uploaded.json as { document: { id: string } }).document.id },
    });
    expect((await t.request('GET', download, { headers: investor.auth })).status).toBe(200);

    const endpoint = await addEndpoint(t, founder, ownPath(), ['document.downloaded']);
    expect((await t.request('GET', download, { headers: investor.auth })).status).toBe(200);
    await until(async () => requestsFor(endpoint.endpoint.url).length > 0);
    await t.app.jobs.whenIdle();
    expect(requestsFor(endpoint.endpoint.url).map((request) => request.json.type)).toEqual([
      'document.downloaded',
    ]);
  });

  test('turns the endpoint off after its failure window, fails what was pending, and mails the owner', async () => {
    const failing = await startWebhookReceiver();
    failing.answer = () => 503;
    try {
      const ownerEmail = uniqueEmail('founder');
      const founder = await createFounder(short, { email: ownerEmail, companyName: 'Failing Hooks Co' });
      const { endpoint } = await addEndpoint(short, founder, failing.url);
      // A delivery finished 31 days ago: this app's first delivery job prunes the log of it.
      const longAgo = Date.now() - 31 * 24 * 3600_000;
      const room = (await short.call(roomRoutes.mine, { as: founder })).json;
      await short.app.database.db
        .insertInto('webhook_deliveries')
        .values({
          id: crypto.randomUUID(),
          endpoint_id: endpoint.id,
          room_id: room.id,
          message_id: `msg_old_${crypto.randomUUID()}`,
          event_type: 'webhook.test',
          payload: '{}',
          status: 'succeeded',
          attempts: 1,
          last_status_code: 200,
          last_error: null,
          response_excerpt: null,
          duration_ms: 5,
          created_at: longAgo,
          first_attempt_at: longAgo,
          last_attempt_at: longAgo,
          next_attempt_at: null,
          finished_at: longAgo,
        })
        .execute();
      expect(await deliveriesOf(short, founder, endpoint.id)).toHaveLength(1);
      await sendTest(short, founder, endpoint.id);
      const turnedOff = await until(async () => {
        const list = (await short.call(webhookRoutes.endpoints, { as: founder })).json;
        return list.endpoints[0]?.isEnabled === false && list.endpoints[0];
      });
      expect(turnedOff.disabledReason).toBe('Every delivery failed for 1 second.');
      const log = await deliveriesOf(short, founder, endpoint.id);
      expect(log).toHaveLength(1);
      const [delivery] = log;
      expect(delivery).toMatchObject({ status: 'failed', lastStatusCode: 503, nextAttemptAt: null });
      expect(delivery?.attempts).toBeGreaterThanOrEqual(3);
      const mail = await short.smtp.waitForMessage(
        (m) => recipientsOf(m).includes(ownerEmail) && m.subject === 'A webhook endpoint was turned off',
      );
      expect(mail.text).toContain(failing.url);
      expect(mail.text).toContain('The endpoint answered 503.');
      expect(mail.text).toContain(`${short.config.appUrl}/setup-data-room?tab=settings`);
      // Off: events queue nothing for it any more.
      const before = failing.received.length;
      await uploadFile(short, founder, { name: 'Later.pdf', bytes: uniquePdf() });
      await short.app.jobs.whenIdle();
      expect(failing.received.length).toBe(before);
    } finally {
      await failing.close();
    }
  });
});

describe('private addresses, refused unless the operator allows them', () => {
  let strict: TestApp;
  const answersFor = new Map<string, ResolvedAddress[]>();
  beforeAll(async () => {
    strict = await startTestApp({
      environment: {
        WEBHOOKS_RETRY_BASE_DELAY_MS: '50',
        WEBHOOKS_TIMEOUT_MS: '400',
        JOB_POLL_INTERVAL_MS: '20',
      },
      // A DNS that answers what each test says: nothing here asks a real one.
      resolveWebhookHost: async (hostname) => answersFor.get(hostname) ?? [],
    });
  });
  afterAll(() => strict?.close());

  answersFor.set('localhost', [
    { address: '::1', family: 6 },
    { address: '127.0.0.1', family: 4 },
  ]);
  answersFor.set('internal.example', [{ address: '10.0.0.5', family: 4 }]);
  answersFor.set('compatible.example', [{ address: '::7f00:1', family: 6 }]);
  answersFor.set('nat64.example', [{ address: '64:ff9b::a9fe:a9fe', family: 6 }]);
  answersFor.set('mixed.example', [
    { address: '93.184.215.14', family: 4 },
    { address: 'fd00::5', family: 6 },
  ]);
  for (const url of [
    'https://127.0.0.1/hooks',
    'https://localhost/hooks',
    'https://[::1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
    'https://[::ffff:a00:1]/hooks',
    'https://[::127.0.0.1]/hooks',
    'https://[::a00:1]/hooks',
    'https://[64:ff9b::7f00:1]/hooks',
    'https://[64:ff9b:1::a00:1]/hooks',
    'https://[2002:7f00:1::1]/hooks',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks',
    'https://compatible.example/hooks',
    'https://nat64.example/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/hooks',
    'https://100.64.0.1/hooks',
    'https://0.0.0.0/hooks',
    'https://2130706433/hooks',
    'https://internal.example/hooks',
    'https://mixed.example/hooks',
    'http://93.184.215.14/hooks',
  ])
    test(`${url} is refused at registration`, async () => {
      const founder = await createFounder(strict);
      const before = await countRows(strict);
      const response = await strict.call(webhookRoutes.addEndpoint, {
        body: { url, events: ['document.viewed'] },
        as: founder,
      });
      expect(response.status, response.text).toBe(400);
      expect(response.json).toMatchObject({ error: 'invalid_request', field: 'url' });
      expect(response.refusal?.message).toMatch(
        /^url: (must reach a public address: .* resolves to .* is a private, loopback or link-local address|must start with https:\/\/|must name a host that exists)/,
      );
      expect(await countRows(strict)).toEqual(before);
    });

  test('a name that resolved to a public address, then to a private one (rebinding), is not connected to', async () => {
    const target = await startWebhookReceiver();
    try {
      answersFor.set('rebinding.example', [{ address: '93.184.215.14', family: 4 }]);
      const founder = await createFounder(strict);
      const { endpoint } = await addEndpoint(
        strict,
        founder,
        `https://rebinding.example:${target.port}/hooks`,
      );
      for (const [address, family] of [
        ['127.0.0.1', 4],
        ['::ffff:127.0.0.1', 6],
        ['::7f00:1', 6],
        ['64:ff9b::7f00:1', 6],
      ] as const) {
        // Before any delivery: the public answer was only ever used to check the registration.
        answersFor.set('rebinding.example', [{ address, family }]);
        await sendTest(strict, founder, endpoint.id);
        const [delivery] = await until(async () => {
          const log = await deliveriesOf(strict, founder, endpoint.id);
          return log[0] && log[0].attempts >= 1 && log;
        });
        expect(delivery).toMatchObject({ lastStatusCode: null, status: 'pending' });
        expect(delivery?.lastError).toBe(
          `Refused to connect: ${address} is a private, loopback or link-local address.`,
        );
        // Turned off so its retries stop before the next answer is set.
        await strict.call(webhookRoutes.updateEndpoint, {
          params: { id: endpoint.id },
          body: { isEnabled: false },
          as: founder,
        });
        await strict.app.jobs.whenIdle();
        await strict.call(webhookRoutes.updateEndpoint, {
          params: { id: endpoint.id },
          body: { isEnabled: true },
          as: founder,
        });
      }
      expect(target.received).toHaveLength(0);
    } finally {
      await target.close();
    }
  });
});
