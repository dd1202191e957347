import { LRUCache } from 'lru-cache';
import { type ParsedSections, parseSectionsMarkdown } from '../../shared/sections-markdown';

/** Rooms whose sections are kept, parsed and as JSON. */
const ROOMS_KEPT = 64;

/**
 * Rooms' sections markdown, parsed once per text, and the `{"content": markdown}` JSON members read on
 * every visit, built once per text. Parsing (micromark) costs milliseconds for a room of a hundred links,
 * against microseconds for the rest of a request, and members' document lists and every click on a link
 * need it: under load (npm run bench:load) it was most of those routes' time.
 *
 * Invalidation: none is needed. Entries are keyed by the text itself, so the cache is exact on both
 * dialects: a saved change is a different key, and a text no longer read is dropped as least recently
 * used. Results are shared between requests: callers read them and never change them.
 */
export class SectionsCache {
  readonly #byText = new LRUCache<string, { parsed?: ParsedSections; json?: string }>({ max: ROOMS_KEPT });

  #entry(markdown: string) {
    let entry = this.#byText.get(markdown);
    if (!entry) {
      entry = {};
      this.#byText.set(markdown, entry);
    }
    return entry;
  }

  parsed(markdown: string): ParsedSections {
    const entry = this.#entry(markdown);
    entry.parsed ??= parseSectionsMarkdown(markdown);
    return entry.parsed;
  }

  /** Exactly the shape of `sectionsContentSchema`, so routes may send it without serializing again. */
  json(markdown: string): string {
    const entry = this.#entry(markdown);
    entry.json ??= JSON.stringify({ content: markdown });
    return entry.json;
  }
}
