import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { roomRoutes } from '#shared/contracts/rooms';
import { webhookRoutes } from '#shared/contracts/webhooks';
import {
  founderWithInvestor,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// Behind a load balancer a node may log a download or a click and die before it answers; the balancer
// sends the same request (same X-Request-Id) to another node. The access log must still hold one event
// (docs/decisions/0050-cluster-test-and-drain.md).

const LINK = 'https://docs.example.com/model.xlsx';
let behindProxy: TestApp;
let direct: TestApp;
beforeAll(async () => {
  [behindProxy, direct] = await Promise.all([
    startTestApp({
      environment: {
        TRUST_PROXY: '127.0.0.1',
        // The webhook test's endpoint is on loopback; it is never called (the job queue is not waited on).
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      },
    }),
    startTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([behindProxy.close(), direct.close()]);
});

async function roomWithDocumentAndLink(t: TestApp) {
  const { founder, investor } = await founderWithInvestor(t);
  const saved = await t.call(roomRoutes.saveSections, {
    body: { content: `## Financials\n- [Model](${LINK})\n` },
    as: founder,
  });
  expect(saved.status, saved.text).toBe(200);
  const uploaded = await uploadFile(t, founder, { name: 'Deck.pdf', bytes: uniquePdf() });
  expect(uploaded.status, uploaded.text).toBe(201);
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;
  return { founder, investor, room, downloadUrl: (uploaded.json as { url: string }).url };
}

async function eventsOf(t: TestApp, roomId: string) {
  return t.app.database.db
    .selectFrom('access_events')
    .select(['action', 'user_id'])
    .where('room_id', '=', roomId)
    .execute();
}

const download = (t: TestApp, url: string, investor: SignedIn, requestId: string) =>
  t.request('GET', url, { headers: { ...investor.auth, 'x-request-id': requestId } });

const click = (t: TestApp, roomId: string, investor: SignedIn, requestId: string) =>
  fetch(`${t.baseUrl}${apiPath(roomRoutes.click, { params: { id: roomId }, query: { url: LINK } })}`, {
    headers: { ...investor.auth, 'x-request-id': requestId },
    redirect: 'manual',
  });

test('behind a trusted proxy, a download or click sent twice with one request id is logged once', async () => {
  const { investor, room, downloadUrl } = await roomWithDocumentAndLink(behindProxy);
  const retried = 'a3f1c2d4e5f60718293a4b5c6d7e8f90';
  expect((await download(behindProxy, downloadUrl, investor, retried)).status).toBe(200);
  expect((await download(behindProxy, downloadUrl, investor, retried)).status).toBe(200);
  expect((await click(behindProxy, room.id, investor, retried)).status).toBe(302);
  expect((await click(behindProxy, room.id, investor, retried)).status).toBe(302);
  // Another request, another event.
  expect(
    (await download(behindProxy, downloadUrl, investor, 'b3f1c2d4e5f60718293a4b5c6d7e8f91')).status,
  ).toBe(200);

  const events = await eventsOf(behindProxy, room.id);
  expect(events.filter((event) => event.action === 'downloaded')).toHaveLength(2);
  expect(events.filter((event) => event.action === 'clicked')).toHaveLength(1);
});

test('without a trusted proxy the header is the client’s own: every request is logged', async () => {
  const { investor, room, downloadUrl } = await roomWithDocumentAndLink(direct);
  const chosen = 'c3f1c2d4e5f60718293a4b5c6d7e8f92';
  for (let sent = 0; sent < 2; sent++) {
    expect((await download(direct, downloadUrl, investor, chosen)).status).toBe(200);
    expect((await click(direct, room.id, investor, chosen)).status).toBe(302);
  }
  const events = await eventsOf(direct, room.id);
  expect(events.filter((event) => event.action === 'downloaded')).toHaveLength(2);
  expect(events.filter((event) => event.action === 'clicked')).toHaveLength(2);
});

test('one request id never merges two readers’ events', async () => {
  const first = await roomWithDocumentAndLink(behindProxy);
  const shared = 'd3f1c2d4e5f60718293a4b5c6d7e8f93';
  expect((await download(behindProxy, first.downloadUrl, first.investor, shared)).status).toBe(200);
  // A second investor of the same room, sending the same id.
  const otherEmail = uniqueEmail('other');
  await invite(behindProxy, first.founder, otherEmail);
  const other = await signInWithMagicLink(behindProxy, otherEmail);
  expect((await download(behindProxy, first.downloadUrl, other, shared)).status).toBe(200);
  const events = await eventsOf(behindProxy, first.room.id);
  expect(new Set(events.map((event) => event.user_id))).toEqual(
    new Set([first.investor.user.id, other.user.id]),
  );
});

test('a download sent twice with one request id to a room with a webhook emits one document.downloaded', async () => {
  const { founder, investor, room, downloadUrl } = await roomWithDocumentAndLink(behindProxy);
  const endpoint = await behindProxy.call(webhookRoutes.addEndpoint, {
    body: { url: 'http://127.0.0.1:9/hooks', events: ['document.downloaded'] },
    as: founder,
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  const retried = 'e3f1c2d4e5f60718293a4b5c6d7e8f94';
  for (let sent = 0; sent < 2; sent++)
    expect((await download(behindProxy, downloadUrl, investor, retried)).status).toBe(200);

  const deliveries = await behindProxy.app.database.db
    .selectFrom('webhook_deliveries')
    .select('event_type')
    .where('room_id', '=', room.id)
    .execute();
  expect(deliveries.map((delivery) => delivery.event_type)).toEqual(['document.downloaded']);
  expect(
    (await eventsOf(behindProxy, room.id)).filter((event) => event.action === 'downloaded'),
  ).toHaveLength(1);
});
