import { describe, expect, test } from 'vitest';
import { ALERT_TRIGGERS } from '#shared/contracts/alerts';
import { slackMessage, teamsMessage } from './alert-messages';
import {
  type AlertFacts,
  isRetryable,
  noDetails,
  type PostOutcome,
  parseRetryAfter,
  readServiceAnswer,
  retryDelayMs,
  summaryOf,
} from './alert-rules';

const answered = (statusCode: number | null, excerpt: string | null, extra: Partial<PostOutcome> = {}) =>
  ({
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    error: statusCode === null ? 'The connection was refused.' : null,
    responseExcerpt: excerpt,
    retryAfterMs: null,
    ...extra,
  }) satisfies PostOutcome;

describe('reading what Slack and Teams answer', () => {
  test('Slack’s 200 ok and a Teams connector’s 200 1 are sent; a Teams workflow’s 202 too', () => {
    expect(readServiceAnswer('slack', answered(200, 'ok')).ok).toBe(true);
    expect(readServiceAnswer('teams', answered(200, '1')).ok).toBe(true);
    expect(readServiceAnswer('teams', answered(202, null)).ok).toBe(true);
  });

  test('Teams’ throttling inside a 200 is the 429 it reports, and is retried', () => {
    const read = readServiceAnswer(
      'teams',
      answered(200, 'Microsoft Teams endpoint returned HTTP error 429'),
    );
    expect(read).toMatchObject({ ok: false, statusCode: 429 });
    expect(isRetryable(read)).toBe(true);
  });

  test.each([
    [400, 'invalid_payload', 'Slack answered 400 invalid_payload.'],
    [403, 'action_prohibited', 'Slack answered 403 action_prohibited.'],
    [
      404,
      'no_service',
      'Slack answered 404 no_service: the webhook was removed or revoked in Slack, add a new one.',
    ],
    [
      404,
      'channel_not_found',
      'Slack answered 404 channel_not_found: the webhook no longer exists, add a new one.',
    ],
    [410, 'channel_is_archived', 'Slack answered 410 channel_is_archived: the channel was archived.'],
  ])('Slack’s %i %s is said in its own word and not retried', (status, word, error) => {
    const read = readServiceAnswer('slack', answered(status, word));
    expect(read.error).toBe(error);
    expect(isRetryable(read)).toBe(false);
  });

  test('5xx, 429, 408 and a connection that failed are retried; an address refused is not', () => {
    for (const status of [500, 502, 503, 429, 408]) expect(isRetryable(answered(status, ''))).toBe(true);
    expect(isRetryable(answered(null, null))).toBe(true);
    expect(
      isRetryable(
        answered(null, null, {
          error: 'Refused to connect: 10.0.0.1 is a private, loopback or link-local address.',
        }),
      ),
    ).toBe(false);
    expect(isRetryable(answered(null, null, { isFinal: true }))).toBe(false);
  });
});

describe('when to try again', () => {
  test('Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  test('a Retry-After is honoured as asked (up to an hour); otherwise the backoff doubles', () => {
    expect(retryDelayMs(50, 1, answered(429, '', { retryAfterMs: 7_000 }))).toBe(7_000);
    expect(retryDelayMs(50, 1, answered(429, '', { retryAfterMs: 5 * 3600_000 }))).toBe(3600_000);
    const first = retryDelayMs(1000, 1, answered(500, ''));
    const third = retryDelayMs(1000, 3, answered(500, ''));
    expect(first).toBeGreaterThanOrEqual(1000);
    expect(first).toBeLessThanOrEqual(1250);
    expect(third).toBeGreaterThanOrEqual(4000);
    expect(third).toBeLessThanOrEqual(5000);
  });
});

const facts = (overrides: Partial<AlertFacts> = {}): AlertFacts => ({
  id: 'a1',
  roomId: 'r1',
  companyName: 'Acme',
  trigger: 'downloaded',
  investor: { email: 'ann@fund.example', name: 'Ann <b>Lee</b> & co', firm: 'fund.example', userId: 'u1' },
  details: { ...noDetails(), documentTitle: 'Model.xlsx', documentId: 'd1' },
  occurredAt: new Date('2026-03-01T10:00:00Z'),
  consoleUrl: 'https://rr.example/admin/analytics/investors/u1',
  ...overrides,
});

describe('the messages', () => {
  test('every trigger has a one-line summary naming who', () => {
    for (const trigger of ALERT_TRIGGERS) {
      const line = summaryOf(facts({ trigger }));
      expect(line).not.toContain('\n');
      expect(line).toMatch(trigger === 'access_refused' ? /ann@fund\.example/ : /Ann <b>Lee<\/b> & co/);
    }
  });

  test('Slack’s mrkdwn gets &, < and > escaped; the text fallback carries the link', () => {
    const message = slackMessage(facts()) as {
      text: string;
      blocks: { type: string; fields?: { text: string }[] }[];
    };
    expect(message.text).toBe(
      'Ann <b>Lee</b> & co downloaded “Model.xlsx”. https://rr.example/admin/analytics/investors/u1',
    );
    const fields = message.blocks
      .find((block) => block.type === 'section')
      ?.fields?.map((field) => field.text);
    expect(fields).toContain('*Who*\nAnn &lt;b&gt;Lee&lt;/b&gt; &amp; co');
    expect(fields).toContain('*Firm*\nfund.example');
  });

  test('a long title is cut within Slack’s 150-character header', () => {
    const message = slackMessage(facts({ details: { ...noDetails(), documentTitle: 'x'.repeat(400) } })) as {
      blocks: { type: string; text?: { text: string } }[];
    };
    expect(message.blocks[0]?.text?.text.length).toBeLessThanOrEqual(150);
  });

  test('Teams gets an Adaptive Card with the facts and a link', () => {
    const card = teamsMessage(facts()) as {
      attachments: { content: { body: { type: string; facts?: { title: string }[] }[] } }[];
    };
    const factSet = card.attachments[0]?.content.body.find((block) => block.type === 'FactSet');
    expect(factSet?.facts?.map((fact) => fact.title)).toEqual([
      'Who',
      'E-mail',
      'Firm',
      'Alert',
      'Document',
      'When',
    ]);
  });
});
