import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 that answers as Slack's and Microsoft Teams' incoming webhooks document
 * (docs/decisions/0090-alerts-within-a-minute.md), for the alerts' tests (the app must allow private
 * addresses: WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=true). A path under /slack/ answers like Slack: 200 `ok`;
 * one under /teams/ like a Teams connector: 200 `1`. `answer` may say otherwise for the n-th request to
 * a path (0-based): Slack's `invalid_payload` 400, `no_service` 404, a 429 with Retry-After, a 500.
 */
export interface ChatAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface ReceivedPost {
  path: string;
  at: number;
  body: string;
  json: unknown;
}

export interface ChatReceiver {
  url: string;
  received: ReceivedPost[];
  /** The answer to the n-th request on a path; undefined: the service's success. */
  answer: (path: string, index: number) => ChatAnswer | undefined;
  on(path: string): ReceivedPost[];
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedPost[]>;
  close(): Promise<void>;
}

/** What each service answers to a message it took. */
export const SLACK_OK: ChatAnswer = { status: 200, body: 'ok' };
export const TEAMS_OK: ChatAnswer = { status: 200, body: '1' };
/** Slack's documented refusals (api.slack.com changelog 2016-05-17, and its incoming webhooks page). */
export const SLACK_NO_SERVICE: ChatAnswer = { status: 404, body: 'no_service' };
export const SLACK_INVALID_PAYLOAD: ChatAnswer = { status: 400, body: 'invalid_payload' };
export const SLACK_ROLLUP_ERROR: ChatAnswer = { status: 500, body: 'rollup_error' };
export const slackRateLimited = (seconds: number): ChatAnswer => ({
  status: 429,
  body: JSON.stringify({ ok: false, error: 'rate_limited' }),
  headers: { 'retry-after': String(seconds) },
});
/** A Teams connector reports its own throttling inside a 200 (Teams' "Rate limiting for connectors"). */
export const TEAMS_THROTTLED: ChatAnswer = {
  status: 200,
  body: 'Microsoft Teams endpoint returned HTTP error 429',
};

export async function startChatReceiver(): Promise<ChatReceiver> {
  const receiver: ChatReceiver = {
    url: '',
    received: [],
    answer: () => undefined,
    on: (path) => receiver.received.filter((post) => post.path === path),
    async waitFor(path, count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const posts = receiver.on(path);
        if (posts.length >= count) return posts;
        if (Date.now() > deadline)
          throw new Error(`${posts.length} of ${count} posts to ${path} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const index = receiver.on(path).length;
      receiver.received.push({ path, at: Date.now(), body, json });
      const answer = receiver.answer(path, index) ?? (path.startsWith('/teams/') ? TEAMS_OK : SLACK_OK);
      response
        .writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers })
        .end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
