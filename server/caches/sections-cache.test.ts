import { expect, test } from 'vitest';
import { parseSectionsMarkdown } from '../../shared/sections-markdown';
import { SectionsCache } from './sections-cache';

const room = (label: string) =>
  `## Financials\n- [Model ${label}](https://files.example.com/${label}.xlsx)\n`;

test('the same text is parsed once, and answers what a fresh parse answers', () => {
  const cache = new SectionsCache();
  const text = room('a');
  const first = cache.parsed(text);
  // A copy of the text built apart (as each PostgreSQL read returns) finds the same parse.
  expect(cache.parsed([...text].join(''))).toBe(first);
  expect(first).toEqual(parseSectionsMarkdown(text));
});

test('a saved change is read at once: another text is another parse and another JSON', () => {
  const cache = new SectionsCache();
  const before = cache.parsed(room('before'));
  const after = cache.parsed(room('after'));
  expect(after).not.toBe(before);
  expect(after.sections[0]?.documents[0]?.url).toBe('https://files.example.com/after.xlsx');
  expect(JSON.parse(cache.json(room('after')))).toEqual({ content: room('after') });
});

test('only the most recently read rooms are kept', () => {
  const cache = new SectionsCache();
  const oldest = cache.parsed(room('oldest'));
  const recent = cache.parsed(room('recent'));
  for (let i = 0; i < 64; i++) {
    cache.parsed(room(`other-${i}`));
    if (i % 10 === 0) cache.parsed(room('recent'));
  }
  expect(cache.parsed(room('recent'))).toBe(recent);
  expect(cache.parsed(room('oldest'))).not.toBe(oldest);
});
