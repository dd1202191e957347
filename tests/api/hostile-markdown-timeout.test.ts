import { afterAll, beforeAll, expect, test } from 'vitest';
import { roomRoutes } from '#shared/contracts/rooms';
import { SECTIONS_LIMITS } from '#shared/sections-markdown';
import { createFounder, type SignedIn } from '#tests/support/factories';
import { expectRefusal } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The parser's time limit (ADR 26) is the backstop behind the shared parser's limits: a text that
 * passes them but still runs past SECTIONS_PARSE_TIMEOUT_MS has its worker thread stopped and is
 * refused, nothing stored, and the next text is parsed by a fresh thread. The limit is set at its
 * smallest here, so a text within the limits stands in for whatever shape they miss.
 */

let t: TestApp;
let founder: SignedIn;

const save = (content: string) => t.call(roomRoutes.saveSections, { body: { content }, as: founder });
const stored = async () => (await t.call(roomRoutes.mySections, { as: founder })).json.content;

beforeAll(async () => {
  t = await startTestApp({ environment: { SECTIONS_PARSE_TIMEOUT_MS: '100' } });
  founder = await createFounder(t);
});
afterAll(() => t.close());

test('a text that takes longer than the time limit is refused, and the next one is parsed', async () => {
  const kept = '## Kept\n- [Deck](https://example.com/deck.pdf)\n';
  expect((await save(kept)).status).toBe(200);
  // Every link the limits allow: far more than 100 ms of parsing.
  const slow = `## Data\n${Array.from({ length: SECTIONS_LIMITS.maxLinks }, (_, i) => `- [Document ${i}](https://files.example.com/${i}.pdf)`).join('\n')}`;
  expectRefusal(await save(slow), 400, {
    error: 'invalid_sections',
    field: 'content',
    message: /^This text takes too long to read \(more than 0\.1 s\)/,
  });
  expect(await stored()).toBe(kept);
  expect((await t.request('GET', '/api/health')).status).toBe(200);

  const next = '## Next\n- [Model](https://example.com/model.xlsx)\n';
  expect((await save(next)).status).toBe(200);
  expect(await stored()).toBe(next);
}, 60_000);
