/**
 * The search module's public file: the full-text index of every prepared page, which the preparation
 * writes in the transaction that makes a version current, the readers' and founders' search, "Ask the
 * room", and the search log (docs/decisions/0088-search-inside-every-page.md). Other modules and app.ts
 * import only this file.
 */

export { indexedPageOf, indexedTextOf } from './indexable-objects';
export { searchRoutesOf } from './search.routes';
export { indexPagesAtStart } from './search-backfill';
export { indexFootprint, type PageText, replaceDocumentPages } from './search-index.repository';
