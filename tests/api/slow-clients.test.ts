import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { roomRoutes } from '#shared/contracts/rooms';
import { createFounder, type SignedIn } from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Slow clients (ADR 27), over real sockets against a listening server: a body that trickles
 * in below the minimum rate has its connection closed, and so do headers that never end; a body sent
 * at a fair rate still arrives; one address may hold only so many connections. The settings are
 * made small here, and each bound below is derived from them (no other timing is asserted).
 */

const WINDOW_MS = 500;
const HEADERS_TIMEOUT_MS = 1_000;
const CAP = 3;

let t: TestApp;
let capped: TestApp;
let founder: SignedIn;

beforeAll(async () => {
  t = await startTestApp({
    environment: {
      BODY_MIN_BYTES_PER_SECOND: '200',
      BODY_RATE_WINDOW_MS: String(WINDOW_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    },
  });
  founder = await createFounder(t);
  capped = await startTestApp({ environment: { MAX_CONNECTIONS_PER_IP: String(CAP) } });
});
afterAll(async () => {
  await t?.close();
  await capped?.close();
});

function connect(app: TestApp): Promise<net.Socket> {
  const { port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with what the server sent once it closes the connection, or rejects after `withinMs`. */
function closedWithin(socket: net.Socket, withinMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still open after ${withinMs} ms`));
    }, withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

function requestHead(path: string, length: number): string {
  return [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: ${founder.auth.authorization}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');
}

test('a body that trickles in below the minimum rate has its connection closed', async () => {
  const body = JSON.stringify({ content: `## Slow\n${'x'.repeat(2_000)}` });
  const socket = await connect(t);
  socket.write(requestHead(apiPath(roomRoutes.saveSections), Buffer.byteLength(body)));
  // One byte every 100 ms: 10 bytes a second, against a minimum of 200.
  let sent = 0;
  const drip = setInterval(() => {
    if (!socket.destroyed && sent < body.length) socket.write(body[sent++] ?? '');
  }, 100);
  try {
    // At the latest at the end of the second window, with room for a loaded machine.
    await closedWithin(socket, WINDOW_MS * 2 + 4_000);
  } finally {
    clearInterval(drip);
  }
  expect(sent).toBeLessThan(body.length);
  const saved = await t.call(roomRoutes.mySections, { as: founder });
  expect(saved.json.content).not.toContain('## Slow');
});

test('a body sent at a fair rate is read and saved', async () => {
  const content = '## Steady\n- [Deck](https://example.com/deck.pdf)\n';
  const body = JSON.stringify({ content });
  const socket = await connect(t);
  const closed = closedWithin(socket, 20_000);
  socket.write(requestHead(apiPath(roomRoutes.saveSections), Buffer.byteLength(body)));
  // In four parts, well within the first window.
  const quarter = Math.ceil(body.length / 4);
  for (let part = 0; part < 4; part++) {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS / 10));
    socket.write(body.slice(part * quarter, (part + 1) * quarter));
  }
  // The answer arrives; then we end the connection ourselves.
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.end();
  expect(await closed).toMatch(/^HTTP\/1\.1 200/);
  const saved = await t.call(roomRoutes.mySections, { as: founder });
  expect(saved.json.content).toBe(content);
});

test('headers that never end have their connection closed', async () => {
  const socket = await connect(t);
  socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const drip = setInterval(() => {
    if (!socket.destroyed) socket.write('X-Slow: 1\r\n');
  }, 200);
  try {
    // Node checks the headers' time every half of it (connectionsCheckingInterval in app.ts).
    const answer = await closedWithin(socket, HEADERS_TIMEOUT_MS * 2 + 4_000);
    expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
  } finally {
    clearInterval(drip);
  }
});

test('one address may hold only so many connections; a closed one frees its place', async () => {
  const sockets = await Promise.all(Array.from({ length: CAP }, () => connect(capped)));
  const askHealth = (socket: net.Socket) =>
    new Promise<string>((resolve) => {
      socket.once('data', (chunk) => resolve(String(chunk)));
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
  for (const socket of sockets) expect(await askHealth(socket)).toMatch(/^HTTP\/1\.1 200/);

  const oneTooMany = await connect(capped);
  expect(await closedWithin(oneTooMany, 4_000)).toBe('');

  sockets[0]?.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const again = await connect(capped);
  expect(await askHealth(again)).toMatch(/^HTTP\/1\.1 200/);
  for (const socket of [...sockets, again]) socket.destroy();
});
