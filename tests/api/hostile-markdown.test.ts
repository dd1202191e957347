import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { healthRoutes } from '#shared/contracts/health';
import { MAX_SECTIONS_MARKDOWN_LENGTH, roomRoutes } from '#shared/contracts/rooms';
import { SECTIONS_LIMITS } from '#shared/sections-markdown';
import { createFounder, type SignedIn } from '#tests/support/factories';
import { worstAcceptedSectionsText } from '#tests/support/hostile-markdown';
import { expectRefusal } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Hostile sections markdown (ADR 26): texts whose parse time grows faster than their size.
 * Each is either refused with a 400 naming the problem, nothing stored, or stored as written; and
 * while it is handled the server goes on answering /api/health, because parsing runs in the
 * parser's worker thread, never on the request thread.
 */

let t: TestApp;
let founder: SignedIn;
const KEPT = '## Kept\n- [Deck](https://example.com/deck.pdf)\n';

const save = (content: string) => t.call(roomRoutes.saveSections, { body: { content }, as: founder });
const stored = async () => (await t.call(roomRoutes.mySections, { as: founder })).json.content;

/** Repeats `unit` (joined by `separator`) up to `length` characters. */
function upTo(length: number, unit: string, separator = ''): string {
  const count = Math.floor((length + separator.length) / (unit.length + separator.length));
  return Array.from({ length: count }, () => unit).join(separator);
}

beforeAll(async () => {
  t = await startTestApp();
  founder = await createFounder(t);
  expect((await save(KEPT)).status).toBe(200);
});
afterAll(() => t.close());

const LIMIT = MAX_SECTIONS_MARKDOWN_LENGTH;
const HOSTILE: Record<string, string> = {
  'brackets nested 40,000 deep': `${'['.repeat(40_000)}a${']'.repeat(40_000)}`,
  'brackets nested to the limit, repeated to the size limit': upTo(
    LIMIT,
    `${'['.repeat(SECTIONS_LIMITS.maxBracketNesting)}a${']'.repeat(SECTIONS_LIMITS.maxBracketNesting)}`,
    '\n\n',
  ),
  '20,000 link openers': '[a]('.repeat(20_000),
  'link openers up to the size limit, one paragraph each': upTo(LIMIT, '[a]('.repeat(50), '\n\n'),
  'unclosed brackets up to the size limit': '['.repeat(LIMIT),
  'a list nested 5,000 deep on one line': `${'- '.repeat(5_000)}a`,
  'a list nested 400 deep by indentation': Array.from({ length: 400 }, (_, i) => `${'  '.repeat(i)}- a`).join(
    '\n',
  ),
  'lists nested to the limit, repeated to the size limit': upTo(
    LIMIT,
    `${'- '.repeat(SECTIONS_LIMITS.maxContainerNesting)}a`,
    '\n\n',
  ),
  'quotes nested 10,000 deep': `${'>'.repeat(10_000)} a`,
  'quotes one after another up to the size limit': upTo(LIMIT, '> a', '\n\n'),
  'quotes nested to the limit, repeated to the size limit': upTo(
    LIMIT,
    `${'>'.repeat(SECTIONS_LIMITS.maxContainerNesting)} a`,
    '\n\n',
  ),
  '5,000 reference definitions and their uses': `${Array.from({ length: 5_000 }, (_, i) => `[r${i}]: https://e.com/${i}`).join('\n')}\n\n${Array.from({ length: 5_000 }, (_, i) => `[x][r${i}]`).join(' ')}`,
  'reference definitions up to the link limit, with long titles': Array.from(
    { length: SECTIONS_LIMITS.maxLinks },
    (_, i) => `[r${i}]: https://e.com/${i} "${'t'.repeat(60)}"`,
  ).join('\n'),
  'an emphasis run of 20,000 marks': '*a'.repeat(20_000),
  'alternating emphasis marks, 20,000': `${'*_'.repeat(10_000)}a`,
  'emphasis runs at the paragraph limit, repeated to the size limit': upTo(
    LIMIT,
    '*a'.repeat(SECTIONS_LIMITS.maxMarksPerParagraph / 2),
    '\n\n',
  ),
  'links at the link limit, each in its own list item': `## Data\n${Array.from({ length: SECTIONS_LIMITS.maxLinks }, (_, i) => `- [Document ${i}](https://files.example.com/${i}.pdf)`).join('\n')}`,
};

describe('every hostile text is refused with a 400 naming the problem, or stored as written', () => {
  for (const [name, content] of Object.entries(HOSTILE)) {
    test(name, async () => {
      expect(content.length).toBeLessThanOrEqual(LIMIT);
      await save(KEPT);
      const saving = save(content);
      // Asked while the text is handled: the request thread is free to answer.
      const health = await t.call(healthRoutes.health);
      expect(health.status).toBe(200);
      const response = await saving;
      if (response.status === 400) {
        expectRefusal(response, 400, {
          error: 'invalid_sections',
          field: 'content',
          message: /too deeply nested on line \d+|too many|too much markup|too long|takes too long/,
        });
        expect(await stored()).toBe(KEPT);
      } else {
        expect(response.status, response.text).toBe(200);
        expect(await stored()).toBe(content);
      }
    }, 60_000);
  }
});

test('a text nested too deeply is refused naming its line, nothing stored', async () => {
  await save(KEPT);
  const response = await save(`## Team\n- a\n${'- '.repeat(40)}b\n`);
  expectRefusal(response, 400, {
    error: 'invalid_sections',
    field: 'content',
    message: /^This text is too deeply nested on line 3: at most 8 lists and quotes/,
  });
  expect(response.refusal?.line).toBe(3);
  expect(await stored()).toBe(KEPT);
});

test('the server answers /api/health before a slow parse finishes', async () => {
  const slow = worstAcceptedSectionsText();
  const order: string[] = [];
  const saving = save(slow).then((response) => {
    order.push('save');
    return response;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const health = await t.call(healthRoutes.health);
  order.push('health');
  expect(health.status).toBe(200);
  // Accepted; or, on a machine loaded past the parser's time limit, refused by that limit: either way
  // it was parsed, not stopped by the cheap limits.
  const saved = await saving;
  if (saved.status !== 200) expect(saved.text).toMatch(/takes too long to read/);
  expect(order).toEqual(['health', 'save']);
}, 60_000);
