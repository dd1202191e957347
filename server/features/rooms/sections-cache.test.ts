import { expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { parseSectionsMarkdown } from '#shared/sections-markdown';
import { fileTypesStampOf, SectionsCache, TEXTS_KEPT } from './sections-cache';

/** The default SECTIONS_PARSE_TIMEOUT_MS (config.ts). */
const LIMITS = { timeoutMs: 4_000 };

/** A room with no uploads: every type is the parser's. */
const NO_UPLOADS = { stamp: '', byId: new Map() };

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
  expect(await cache.payload(room('after'), NO_UPLOADS)).toEqual({
    content: room('after'),
    sections: after.sections,
  });
  expect(await cache.payload(room('after'), NO_UPLOADS)).toBe(await cache.payload(room('after'), NO_UPLOADS));
  expect(await cache.payload(room('after'), NO_UPLOADS)).not.toBe(
    await cache.payload(room('before'), NO_UPLOADS),
  );
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

test("an upload's type is its stored one, and a payload is remade when a stored type changes", async () => {
  const cache = new SectionsCache(LIMITS);
  const text = `## Pitch\n- [Seed deck](${apiPath(documentRoutes.download, { params: { id: '0b5f7c2e-4d3a-4e8b-9f1a-2c6d8e0a1b3c' } })})\n- [Model](https://files.example.com/m.xlsx)\n`;
  const asPdf = await cache.payload(text, {
    stamp: '0b5f7c2e-4d3a-4e8b-9f1a-2c6d8e0a1b3c=pdf',
    byId: new Map([['0b5f7c2e-4d3a-4e8b-9f1a-2c6d8e0a1b3c', 'pdf']]),
  });
  // The title has no extension, so the parser alone would say 'file'; the external link keeps its own.
  expect(asPdf.sections[0]?.documents.map((document) => document.fileType)).toEqual(['pdf', 'excel']);
  expect(
    await cache.payload(text, {
      stamp: '0b5f7c2e-4d3a-4e8b-9f1a-2c6d8e0a1b3c=pdf',
      byId: new Map([['0b5f7c2e-4d3a-4e8b-9f1a-2c6d8e0a1b3c', 'pdf']]),
    }),
  ).toBe(asPdf);
  const asWord = await cache.payload(text, {
    stamp: '0b5f7c2e-4d3a-4e8b-9f1a-2c6d8e0a1b3c=word',
    byId: new Map([['0b5f7c2e-4d3a-4e8b-9f1a-2c6d8e0a1b3c', 'word']]),
  });
  expect(asWord.sections[0]?.documents[0]?.fileType).toBe('word');
  const hidden = await cache.readerPayload(
    text,
    {
      stamp: '0b5f7c2e-4d3a-4e8b-9f1a-2c6d8e0a1b3c=word',
      byId: new Map([['0b5f7c2e-4d3a-4e8b-9f1a-2c6d8e0a1b3c', 'word']]),
    },
    'nothing',
    () => text,
  );
  expect(hidden.sections[0]?.documents[0]?.fileType).toBe('word');
});

test("a room's stamp of stored types stays short however many uploads it has, and changes with any type", () => {
  const uploads = Array.from({ length: 5_000 }, (_, index) => ({
    id: `0b5f7c2e-4d3a-4e8b-9f1a-${String(index).padStart(12, '0')}`,
    fileType: 'pdf',
  }));
  const stamp = fileTypesStampOf(uploads);
  expect(stamp).toMatch(/^[0-9a-f]{32}$/);
  expect(fileTypesStampOf(uploads.map((row) => ({ ...row })))).toBe(stamp);
  const retyped = uploads.map((row, index) => (index === 4_999 ? { ...row, fileType: 'word' } : row));
  expect(fileTypesStampOf(retyped)).not.toBe(stamp);
  expect(fileTypesStampOf(uploads.slice(1))).not.toBe(stamp);
});
