import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A real HTTP server that receives webhooks in tests, on 127.0.0.1 (the app must be started with
 * WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=true to reach it). Each request is kept; `answer` decides the reply
 * to the n-th request (0-based): a status, or 'hang' to send nothing until the server closes.
 */
export interface ReceivedWebhook {
  /** The request's path, query included. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON. */
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  answer: (index: number, request: ReceivedWebhook) => number | 'hang';
  /** Resolves with the first request (already received or arriving later) that matches. */
  waitFor(matches: (request: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const waiters = new Set<() => void>();
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    answer: () => 204,
    async waitFor(matches, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = receiver.received.find(matches);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching webhook within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    async close() {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: ReceivedWebhook['json'];
      try {
        json = JSON.parse(body);
      } catch {
        json = { type: '', timestamp: '', data: {} };
      }
      const received: ReceivedWebhook = { path: request.url ?? '', headers: request.headers, body, json };
      const index = receiver.received.length;
      receiver.received.push(received);
      for (const wake of waiters) wake();
      const answer = receiver.answer(index, received);
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response
        .writeHead(answer, { 'content-type': 'text/plain' })
        .end(answer >= 400 ? 'receiver error' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}${path}`;
  return receiver;
}

/** Verifies a received webhook with the Standard Webhooks library, as a receiver would; throws if it fails. */
export function verifyWebhook(secret: string, request: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });
}
