import { afterAll, beforeAll, expect, test } from 'vitest';
import { healthRoutes } from '#shared/contracts/health';
import { roomRoutes } from '#shared/contracts/rooms';
import { SECTIONS_LIMITS } from '#shared/sections-markdown';
import { createFounder, type SignedIn } from '#tests/support/factories';
import { expectRefusal } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The parser's time limit (ADR 26) is the backstop behind the shared parser's limits: a text that
 * passes them but still runs past SECTIONS_PARSE_TIMEOUT_MS has its worker thread stopped and is
 * refused, nothing stored, and the next text is parsed by a fresh thread. The limit is set low here, so
 * a text within the limits stands in for whatever shape they miss: 0.3 s, some 40 times what a short
 * text takes, so that a loaded machine's pauses do not refuse the short texts too (at 0.1 s the test
 * failed once on a loaded machine), and a fraction of the slow text's time.
 */

let t: TestApp;
let founder: SignedIn;

const save = (content: string) => t.call(roomRoutes.saveSections, { body: { content }, as: founder });
const stored = async () => (await t.call(roomRoutes.mySections, { as: founder })).json.content;

beforeAll(async () => {
  t = await startTestApp({ environment: { SECTIONS_PARSE_TIMEOUT_MS: '300' } });
  founder = await createFounder(t);
});
afterAll(() => t.close());

test('a text that takes longer than the time limit is refused, and the next one is parsed', async () => {
  const kept = '## Kept\n- [Deck](https://example.com/deck.pdf)\n';
  expect((await save(kept)).status).toBe(200);
  // Every link the limits allow: well over 0.3 s of parsing (1.2-1.8 s measured on a busy two-core machine).
  const slow = `## Data\n${Array.from({ length: SECTIONS_LIMITS.maxLinks }, (_, i) => `- [Document ${i}](https://files.example.com/${i}.pdf)`).join('\n')}`;
  expectRefusal(await save(slow), 400, {
    error: 'invalid_sections',
    field: 'content',
    message: /^This text takes too long to read \(more than 0\.3 s\)/,
  });
  expect(await stored()).toBe(kept);
  expect((await t.call(healthRoutes.health)).status).toBe(200);

  const next = '## Next\n- [Model](https://example.com/model.xlsx)\n';
  expect((await save(next)).status).toBe(200);
  expect(await stored()).toBe(next);
}, 60_000);
