import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  type ParseLimits,
  parseSectionsOffThread,
  SectionsTooComplexError,
} from '#server/parsing/sections-parser';
import type { SectionsContent } from '#shared/contracts/rooms';
import type { FileType } from '#shared/file-types';
import { DEFAULT_COMPANY, type ParsedSections, type Section } from '#shared/sections-markdown';

/**
 * The stored type of each uploaded document of a room (documents.file_type, which follows the current
 * version), by document id, and a stamp of those pairs: a payload's key, so that a version of another
 * type is read at once while a rename, which changes no type, keeps the payload's text as its key.
 */
export interface StoredFileTypes {
  stamp: string;
  byId: ReadonlyMap<string, FileType>;
}

/**
 * The stamp of a room's (id, stored type) pairs: their SHA-256, 32 hex digits, so a room of thousands of
 * uploads keys each payload by a few bytes more than its text, not by kilobytes of pairs.
 */
export function fileTypesStampOf(rows: readonly { id: string; fileType: string }[]): string {
  return crypto.hash('sha256', rows.map((row) => `${row.id}=${row.fileType}`).join(','), 'hex').slice(0, 32);
}

/**
 * Texts kept, parsed and as JSON: a room's own, and one more per group of its readers that a section is
 * hidden from (ADR 68).
 */
export const TEXTS_KEPT = 128;

/**
 * Rooms' sections markdown, parsed once per text, and the `{content, sections}` payload members read on
 * every visit, one object per text: the text with its sections as parsed here, so a reader's page needs
 * no parser (docs/decisions/0075-the-investors-first-screen.md). Parsing (micromark) costs about a millisecond per kilobyte, up to
 * seconds for a text at the limits (ADR 26), so even a stored text is parsed in the parser's worker
 * thread, never on the request's; members' document lists and every click on a link need it, and under
 * load (npm run bench:load) it was most of those routes' time. A parse still under way is shared too.
 *
 * Invalidation: none is needed. Entries are keyed by the text itself, and payloads by the text and the
 * stamp of the room's stored file types (an upload's type is its stored one, never its title's:
 * docs/product-rules.md#file-types), so the cache is exact on both dialects: a saved change is
 * a different key, and a text no longer read is dropped as least recently used. Results are shared
 * between requests: callers read them and never change them.
 */
export class SectionsCache {
  readonly #byText = new LRUCache<
    string,
    {
      parsed?: Promise<ParsedSections>;
      payload?: Promise<SectionsContent>;
      readerPayloads?: Map<string, Promise<SectionsContent>>;
    }
  >({
    max: TEXTS_KEPT,
  });

  /** The app's parse limits (config.sectionsParseTimeoutMs), for a stored text parsed here. */
  constructor(readonly limits: ParseLimits) {}

  #entry(markdown: string) {
    let entry = this.#byText.get(markdown);
    if (!entry) {
      entry = {};
      this.#byText.set(markdown, entry);
    }
    return entry;
  }

  parsed(markdown: string): Promise<ParsedSections> {
    const entry = this.#entry(markdown);
    entry.parsed ??= this.#parseStored(markdown, entry);
    return entry.parsed;
  }

  /**
   * A stored text the parser cannot read in time (saved before the limits existed) reads as no
   * sections, with the reason as its problem, and is kept so, so that readers do not make the parser
   * try again. Any other failure (the parser busy) is not kept: the next reader tries again.
   */
  async #parseStored(markdown: string, entry: { parsed?: Promise<ParsedSections> }): Promise<ParsedSections> {
    try {
      return await parseSectionsOffThread(markdown, this.limits);
    } catch (error) {
      if (!(error instanceof SectionsTooComplexError)) {
        entry.parsed = undefined;
        throw error;
      }
      return {
        company: { ...DEFAULT_COMPANY },
        companyFields: [],
        sections: [],
        problems: [{ line: 0, message: error.message }],
      };
    }
  }

  /**
   * `{content, sections}` as members read it, one object per text: the route's remembering serializer
   * (server/plugins/response-contracts.ts) writes each object's JSON once.
   */
  payload(markdown: string, types: StoredFileTypes): Promise<SectionsContent> {
    const entry = this.#entry(payloadKeyOf(markdown, types));
    entry.payload ??= this.#contentOf(markdown, types).catch((error: unknown) => {
      entry.payload = undefined;
      throw error;
    });
    return entry.payload;
  }

  /**
   * `{content, sections}` as the readers of one group read it (the sections hidden from them left out:
   * ADR 68), one object per text and set of hidden sections (`hiddenKey`), so its JSON too is written
   * once. Its sections are the reader's text parsed, numbered as that reader's URLs number them.
   */
  readerPayload(
    markdown: string,
    types: StoredFileTypes,
    hiddenKey: string,
    readerText: (parsed: ParsedSections) => string,
  ): Promise<SectionsContent> {
    const entry = this.#entry(payloadKeyOf(markdown, types));
    entry.readerPayloads ??= new Map();
    const readerPayloads = entry.readerPayloads;
    let payload = readerPayloads.get(hiddenKey);
    if (!payload) {
      payload = this.parsed(markdown)
        .then((parsed) => this.#contentOf(readerText(parsed), types))
        .catch((error: unknown) => {
          readerPayloads.delete(hiddenKey);
          throw error;
        });
      readerPayloads.set(hiddenKey, payload);
    }
    return payload;
  }

  async #contentOf(markdown: string, types: StoredFileTypes): Promise<SectionsContent> {
    const { sections } = await this.parsed(markdown);
    return { content: markdown, sections: sections.map((section) => withStoredTypes(section, types)) };
  }
}

/** A payload's key: the text, and the stamp of stored types after a character no text holds. */
function payloadKeyOf(markdown: string, types: StoredFileTypes): string {
  return `${types.stamp}\u0000${markdown}`;
}

/**
 * The section with each upload's stored type. The parser can only guess from the link (an upload's URL
 * has no extension) and the title, which a rename may strip of its extension; external links keep the
 * parser's answer (the host, the URL's extension, the title's).
 */
function withStoredTypes(section: Section, types: StoredFileTypes): Section {
  return {
    ...section,
    documents: section.documents.map((document) => {
      const stored =
        document.isUploaded && document.documentId ? types.byId.get(document.documentId) : undefined;
      return stored === undefined || stored === document.fileType
        ? document
        : { ...document, fileType: stored };
    }),
  };
}
