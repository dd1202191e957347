import { expect, test } from 'vitest';
import { parseSectionsMarkdown } from '#shared/sections-markdown';
import { SectionsCache, TEXTS_KEPT } from './sections-cache';

/** The default SECTIONS_PARSE_TIMEOUT_MS (config.ts). */
const LIMITS = { timeoutMs: 4_000 };

const room = (label: string) =>
  `## Financials\n- [Model ${label}](https://files.example.com/${label}.xlsx)\n`;

test('the same text is parsed once, and answers what a fresh parse answers', async () => {
  const cache = new SectionsCache(LIMITS);
  const text = room('a');
  const first = await cache.parsed(text);
  // A copy of the text built apart (as each PostgreSQL read returns) finds the same parse.
  expect(await cache.parsed([...text].join(''))).toBe(first);
  expect(first).toEqual(parseSectionsMarkdown(text));
});

test('a saved change is read at once: another text is another parse and another payload', async () => {
  const cache = new SectionsCache(LIMITS);
  const before = await cache.parsed(room('before'));
  const after = await cache.parsed(room('after'));
  expect(after).not.toBe(before);
  expect(after.sections[0]?.documents[0]?.url).toBe('https://files.example.com/after.xlsx');
  expect(await cache.payload(room('after'))).toEqual({ content: room('after'), sections: after.sections });
  expect(await cache.payload(room('after'))).toBe(await cache.payload(room('after')));
  expect(await cache.payload(room('after'))).not.toBe(await cache.payload(room('before')));
});

test('only the most recently read texts are kept', async () => {
  const cache = new SectionsCache(LIMITS);
  const oldest = await cache.parsed(room('oldest'));
  const recent = await cache.parsed(room('recent'));
  for (let i = 0; i < TEXTS_KEPT; i++) {
    void cache.parsed(room(`other-${i}`));
    if (i % 10 === 0) void cache.parsed(room('recent'));
  }
  expect(await cache.parsed(room('recent'))).toBe(recent);
  expect(await cache.parsed(room('oldest'))).not.toBe(oldest);
});
