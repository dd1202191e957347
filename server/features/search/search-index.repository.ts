import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '#server/db/database';
import type { ModuleExecutor } from '#server/db/schema';
import type { SearchTerm } from '#shared/search-words';

/**
 * The full-text index, the only file that speaks each dialect's search (docs/decisions/0088-search-inside-every-page.md):
 * SQLite's FTS5 table `search_pages_fts` and PostgreSQL's `to_tsvector('roundroom_search', text)` under
 * its GIN index. Both are built from the parsed terms alone (search-words.ts), never from the query's
 * text, so no query is syntax to either engine.
 */

type Db = ModuleExecutor<'search'>;

/** One page's text to index. */
export interface PageText {
  page: number;
  text: string;
}

/** The pages inserted per statement: far under both dialects' limits on bound values. */
const PAGES_PER_INSERT = 200;

/**
 * Replaces what the index holds of a document with these pages of one version, inside the caller's
 * transaction (the one that makes the version current, so readers never find a page they cannot open).
 */
export async function replaceDocumentPages(
  trx: Db,
  document: { documentId: string; roomId: string; versionNumber: number },
  pages: PageText[],
  now: Date,
): Promise<void> {
  // search_pages goes with its search_documents row (a cascade; on SQLite, the trigger unindexes it).
  await trx.deleteFrom('search_documents').where('document_id', '=', document.documentId).execute();
  await trx
    .insertInto('search_documents')
    .values({
      document_id: document.documentId,
      room_id: document.roomId,
      version_number: document.versionNumber,
      indexed_at: now.getTime(),
    })
    .execute();
  const rows = pages
    .filter((page) => page.text.trim() !== '')
    .map((page) => ({
      document_id: document.documentId,
      page: page.page,
      room_id: document.roomId,
      text: page.text,
    }));
  for (let start = 0; start < rows.length; start += PAGES_PER_INSERT)
    await trx
      .insertInto('search_pages')
      .values(rows.slice(start, start + PAGES_PER_INSERT))
      .execute();
}

/** Every document the index holds, with the version it holds of each. */
export async function listIndexedVersions(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('search_documents').select(['document_id', 'version_number']).execute();
  return new Map(rows.map((row) => [row.document_id, row.version_number]));
}

/** A page that matches, and how well (higher is better, whichever the dialect). */
export interface PageMatch {
  documentId: string;
  page: number;
  score: number;
}

/** At most this many matching pages are ranked: a room holds a few thousand pages. */
const MAX_RANKED_PAGES = 5000;

/**
 * The pages of these documents (of one room) that hold every term ('all', a search) or any of them
 * ('any', a question), best first.
 */
export async function findMatchingPages(
  db: Db,
  dialect: Dialect,
  roomId: string,
  documentIds: string[],
  terms: SearchTerm[],
  mode: 'all' | 'any',
): Promise<PageMatch[]> {
  if (documentIds.length === 0 || terms.length === 0) return [];
  if (dialect === 'sqlite') {
    // bm25 with the room's column weighed 0: it chooses the room's pages, it does not rank them.
    const rows = await sql<{ document_id: string; page: number; rank: number }>`
      select p.document_id, p.page, bm25(search_pages_fts, 0.0, 1.0) as rank
        from search_pages_fts join search_pages p on p.rowid = search_pages_fts.rowid
       where search_pages_fts match ${ftsExpressionOf(roomId, terms, mode)}
         and p.document_id in (${sql.join(documentIds)})
       order by rank
       limit ${MAX_RANKED_PAGES}`.execute(db);
    // bm25 is lower for a better match.
    return rows.rows.map((row) => ({ documentId: row.document_id, page: row.page, score: -row.rank }));
  }
  const query = tsqueryOf(terms, mode);
  const rows = await sql<{ document_id: string; page: number; score: number }>`
    select document_id, page, ts_rank_cd(words, q.query) as score
      from search_pages, (select ${query} as query) as q
     where room_id = ${roomId}
       and document_id in (${sql.join(documentIds)})
       and words @@ q.query
     order by score desc, document_id, page
     limit ${MAX_RANKED_PAGES}`.execute(db);
  return rows.rows.map((row) => ({ documentId: row.document_id, page: row.page, score: Number(row.score) }));
}

/**
 * The text of these pages, by snippetKey: their snippets are made from it (snippetOfText) rather than by
 * the engine, which would run the whole match again to mark a few dozen pages.
 */
export async function pageTextsOf(
  db: Db,
  pages: { documentId: string; page: number }[],
): Promise<Map<string, string>> {
  if (pages.length === 0) return new Map();
  const keys = pages.map((page) => sql`(${page.documentId}, cast(${page.page} as integer))`);
  const rows = await sql<{ document_id: string; page: number; text: string }>`
    select document_id, page, text from search_pages
     where (document_id, page) in (values ${sql.join(keys)})`.execute(db);
  return new Map(rows.rows.map((row) => [snippetKey(row.document_id, row.page), row.text]));
}

export const snippetKey = (documentId: string, page: number) => `${documentId}:${page}`;

/**
 * FTS5's expression of the terms in one room's pages: the room's id as one word of its column
 * (`room_token`, the id without its dashes), and in the text each term a string in double quotes (a word or
 * phrase, never an operator), a prefix with `*` after it; all of them (AND) or any (OR).
 */
function ftsExpressionOf(roomId: string, terms: SearchTerm[], mode: 'all' | 'any'): string {
  const parts = terms.map((term) =>
    term.kind === 'phrase' ? `"${term.words.join(' ')}"` : `"${term.word}"${term.isPrefix ? '*' : ''}`,
  );
  const room = roomId.toLowerCase().replace(/[^0-9a-f]+/g, '');
  return `room_token : "${room}" AND text : (${parts.join(mode === 'all' ? ' AND ' : ' OR ')})`;
}

/**
 * PostgreSQL's tsquery of the terms, each made by a function that reads its argument as plain words
 * (plainto_, phraseto_), a prefix by to_tsquery of letters and digits alone with `:*`.
 */
function tsqueryOf(terms: SearchTerm[], mode: 'all' | 'any'): RawBuilder<unknown> {
  const parts = terms.map((term) => {
    if (term.kind === 'phrase') return sql`phraseto_tsquery('roundroom_search', ${term.words.join(' ')})`;
    if (term.isPrefix) return sql`to_tsquery('roundroom_search', ${`${term.word}:*`})`;
    return sql`plainto_tsquery('roundroom_search', ${term.word})`;
  });
  return sql`(${sql.join(parts, mode === 'all' ? sql` && ` : sql` || `)})`;
}

/** The size of the pages' text and of everything the index adds to it, in bytes (the bench's row). */
export async function indexFootprint(
  db: Db,
  dialect: Dialect,
): Promise<{ textBytes: number; indexBytes: number }> {
  const text = await sql<{ bytes: number }>`
    select coalesce(sum(${dialect === 'sqlite' ? sql`length(cast(text as blob))` : sql`octet_length(text)`}), 0) as bytes
      from search_pages`.execute(db);
  const textBytes = Number(text.rows[0]?.bytes ?? 0);
  if (dialect === 'sqlite') {
    const index = await sql<{ bytes: number }>`
      select coalesce(sum(pgsize), 0) as bytes from dbstat
       where name like 'search_pages_fts%' or name = 'search_pages_room'`.execute(db);
    return { textBytes, indexBytes: Number(index.rows[0]?.bytes ?? 0) };
  }
  // The tsvectors kept beside the text are the index's too.
  const index = await sql<{ bytes: number }>`
    select pg_relation_size('search_pages_room_words') + pg_relation_size('search_pages_room')
         + (select coalesce(sum(pg_column_size(words)), 0) from search_pages) as bytes`.execute(db);
  return { textBytes, indexBytes: Number(index.rows[0]?.bytes ?? 0) };
}
