import { expect, test } from 'vitest';
import { parseSectionsMarkdown } from '../../../shared/sections-markdown';
import { parsedSections } from './parsed-sections';

const room = (label: string) =>
  `## Financials\n- [Model ${label}](https://files.example.com/${label}.xlsx)\n`;

test('the same text is parsed once, and answers what a fresh parse answers', async () => {
  const text = room('a');
  const first = await parsedSections(text);
  // A copy of the text built apart (as each PostgreSQL read returns) finds the same parse.
  expect(await parsedSections([...text].join(''))).toBe(first);
  expect(first).toEqual(parseSectionsMarkdown(text));
});

test('a saved change is read at once: another text is another parse', async () => {
  const before = await parsedSections(room('before'));
  const after = await parsedSections(room('after'));
  expect(after).not.toBe(before);
  expect(after.sections[0]?.documents[0]?.url).toBe('https://files.example.com/after.xlsx');
});

test('only the most recently read rooms are kept', async () => {
  const oldest = await parsedSections(room('oldest'));
  const recent = await parsedSections(room('recent'));
  for (let i = 0; i < 64; i++) {
    parsedSections(room(`other-${i}`));
    if (i % 10 === 0) parsedSections(room('recent'));
  }
  expect(await parsedSections(room('recent'))).toBe(recent);
  expect(await parsedSections(room('oldest'))).not.toBe(oldest);
});
