import net from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Agent, buildConnector } from 'undici';
import { SECOND_MS } from '#server/durations';
import type { ResolveHost } from '#server/security/resolve-host';
import { guardedLookup, hostOf, RefusedAddressError, refusedAddressReason } from './address-policy';

/**
 * One attempt at one delivery: signed the Standard Webhooks way, sent only to an address the policy
 * allows (address-policy.ts), with a time limit on connecting and on the answer, and nothing kept of
 * the answer but its status and a short excerpt.
 */

export interface SenderOptions {
  allowPrivate: boolean;
  resolve: ResolveHost;
  /** Each of connecting and waiting for the answer's headers (and then its body) may take this long. */
  timeoutMs: number;
  /** How undici is loaded (import() by default); a test makes it fail. */
  loadUndici?: () => Promise<typeof import('undici')>;
}

export interface OutgoingWebhook {
  url: string;
  /** webhook-id: the same on every attempt of a delivery. */
  messageId: string;
  body: string;
  /** Every secret to sign with: the current one, and the one before a rotation while it still counts. */
  secrets: string[];
  at: Date;
  signal?: AbortSignal;
}

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, for the founder; null on success. */
  error: string | null;
  responseExcerpt: string | null;
  durationMs: number;
}

/** How much of an answer's body is kept, in characters: enough to recognise an error page. */
const RESPONSE_EXCERPT_LENGTH = 200;
const RESPONSE_BYTES_READ = 1024;

/** The webhook-signature header: `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret, spaced. */
export function signatureHeader(secrets: string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

/**
 * One connection, to an address the policy allows: the guarded lookup refuses what resolves to a private
 * address, and the address a socket really reached is checked once more.
 */
function guardedAgent(undici: typeof import('undici'), options: SenderOptions): Agent {
  const connect = undici.buildConnector({
    timeout: options.timeoutMs,
    lookup: guardedLookup(options.resolve, options.allowPrivate),
  } as buildConnector.BuildOptions);
  return new undici.Agent({
    // Whatever resolved it, nothing private is spoken to unless the operator allows it.
    connect: (connectOptions, callback) =>
      connect(connectOptions, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('no socket'), null);
        const reason = refusedAddressReason(socket.remoteAddress ?? '', options.allowPrivate);
        if (!reason) return callback(null, socket);
        socket.destroy();
        return callback(new RefusedAddressError(`refused to connect: ${reason}`), null);
      }),
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connections: 1,
    pipelining: 0,
  });
}

/** The Standard Webhooks headers: the message id, the timestamp in seconds, and its signatures. */
function signedHeaders(outgoing: OutgoingWebhook): Record<string, string> {
  const timestamp = Math.floor(outgoing.at.getTime() / SECOND_MS);
  return {
    'content-type': 'application/json',
    'user-agent': 'Roundroom-Webhooks/1.0',
    'webhook-id': outgoing.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(
      outgoing.secrets,
      outgoing.messageId,
      new Date(timestamp * SECOND_MS),
      outgoing.body,
    ),
  };
}

export async function sendWebhook(
  outgoing: OutgoingWebhook,
  options: SenderOptions,
): Promise<AttemptOutcome> {
  const { retryAfter: _retryAfter, ...outcome } = await postGuarded(
    { url: outgoing.url, headers: signedHeaders(outgoing), body: outgoing.body, signal: outgoing.signal },
    options,
  );
  return outcome;
}

/** What an unsigned post answered, with its Retry-After header as it came. */
export interface PostedOutcome extends AttemptOutcome {
  retryAfter: string | null;
}

/**
 * Posts JSON to a chat service's incoming webhook (Slack, Teams: docs/decisions/0090-alerts-within-a-minute.md):
 * the same address policy, limits and excerpt as a signed delivery, without the signature those
 * services do not read.
 */
export function postJson(
  outgoing: { url: string; body: string; signal?: AbortSignal | undefined },
  options: SenderOptions,
): Promise<PostedOutcome> {
  return postGuarded(
    {
      url: outgoing.url,
      headers: { 'content-type': 'application/json', 'user-agent': 'Roundroom-Alerts/1.0' },
      body: outgoing.body,
      signal: outgoing.signal,
    },
    options,
  );
}

/** One POST to an address the policy allows, and what came of it. */
async function postGuarded(
  outgoing: { url: string; headers: Record<string, string>; body: string; signal?: AbortSignal | undefined },
  options: SenderOptions,
): Promise<PostedOutcome> {
  const started = performance.now();
  const outcome = (
    fields: Omit<PostedOutcome, 'durationMs' | 'retryAfter'>,
    retryAfter: string | null = null,
  ) => ({
    ...fields,
    retryAfter,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(outgoing.url);
  // net.connect does not look up an IP literal, so the guarded lookup never sees one: check it here.
  const host = hostOf(url);
  const literalRefusal = net.isIP(host) ? refusedAddressReason(host, options.allowPrivate) : undefined;
  if (literalRefusal)
    return outcome({
      ok: false,
      statusCode: null,
      error: `Refused to connect: ${literalRefusal}.`,
      responseExcerpt: null,
    });

  // undici is about 4 MB of heap a server without webhooks never needs: loaded on the first delivery
  // (docs/decisions/0067-idle-footprint-and-reading-budgets.md).
  let undici: typeof import('undici');
  try {
    undici = await (options.loadUndici ?? (() => import('undici')))();
  } catch (error) {
    // A failed load is this attempt's failure, with its reason in the delivery log, like any other.
    return outcome({
      ok: false,
      statusCode: null,
      error: `The webhook sender could not load its HTTP client: ${(error as Error).message}`,
      responseExcerpt: null,
    });
  }
  const agent = guardedAgent(undici, options);
  try {
    const response = await undici.request(url, {
      method: 'POST',
      dispatcher: agent,
      signal: outgoing.signal,
      headers: outgoing.headers,
      body: outgoing.body,
    });
    const excerpt = await readExcerpt(response.body);
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    const retryAfter = response.headers['retry-after'];
    return outcome(
      {
        ok,
        statusCode: response.statusCode,
        error: ok ? null : `The endpoint answered ${response.statusCode}.`,
        responseExcerpt: excerpt,
      },
      typeof retryAfter === 'string' ? retryAfter : null,
    );
  } catch (error) {
    return outcome({
      ok: false,
      statusCode: null,
      error: describeFailure(error, options.timeoutMs),
      responseExcerpt: null,
    });
  } finally {
    agent.destroy().catch(() => undefined);
  }
}

async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= RESPONSE_BYTES_READ) break;
    }
  } catch {
    // A body cut short or too slow: the status is what counts.
  } finally {
    body.destroy();
  }
  const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_EXCERPT_LENGTH).trim();
  return text || null;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const failure =
    error instanceof RefusedAddressError ? error : cause instanceof RefusedAddressError ? cause : error;
  if (failure instanceof RefusedAddressError) return `${capitalise(failure.message)}.`;
  const code = (failure as { code?: string } | undefined)?.code;
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `Could not connect within ${timeoutMs} ms.`;
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return `No answer within ${timeoutMs} ms.`;
    case 'ECONNREFUSED':
      return 'The connection was refused.';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name was not found.';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'The connection was closed before an answer.';
    default:
      if (failure instanceof Error && /certificate|self[- ]signed|TLS|SSL/i.test(failure.message))
        return `The TLS connection failed: ${failure.message}`;
      return `The request failed: ${failure instanceof Error ? failure.message : String(failure)}`;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
