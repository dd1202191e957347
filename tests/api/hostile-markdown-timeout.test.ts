import { afterAll, beforeAll, expect, test } from 'vitest';
import { healthRoutes } from '#shared/contracts/health';
import { roomRoutes } from '#shared/contracts/rooms';
import { createFounder, type SignedIn } from '#tests/support/factories';
import { worstAcceptedSectionsText } from '#tests/support/hostile-markdown';
import { expectRefusal } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The parser's time limit (ADR 26) is the backstop behind the shared parser's limits: a text that
 * passes them but still runs past SECTIONS_PARSE_TIMEOUT_MS has its worker thread stopped and is
 * refused, nothing stored, and the next text is parsed by a fresh thread. The limit is set low here, so
 * the slowest text the limits accept stands in for whatever shape they miss: 0.1 s, the configuration's
 * least. Measured on a quiet two-core machine with the thread warm (as it is when other files ran in
 * the same worker, ADR 84), that text takes 0.25-0.3 s and a short one 1 ms, 7 ms on a cold thread, and
 * the short ones passed at 0.1 s with six busy loops beside them. At 0.3 s, with 2,000 links as the slow
 * text (0.15-0.2 s warm), a fast machine parsed it in time.
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
  expectRefusal(await save(worstAcceptedSectionsText()), 400, {
    error: 'invalid_sections',
    field: 'content',
    message: /^This text takes too long to read \(more than 0\.1 s\)/,
  });
  expect(await stored()).toBe(kept);
  expect((await t.call(healthRoutes.health)).status).toBe(200);

  const next = '## Next\n- [Model](https://example.com/model.xlsx)\n';
  expect((await save(next)).status).toBe(200);
  expect(await stored()).toBe(next);
}, 60_000);
