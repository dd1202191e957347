import { DEFAULT_COMPANY, type ParsedSections } from '../../../shared/sections-markdown';
import { parseSectionsOffThread, SectionsTooComplexError } from '../../parsing/sections-parser';

/**
 * A room's sections markdown, parsed once per text. Parsing (micromark) costs about a millisecond per
 * kilobyte, up to seconds for a text at the limits (ADR 26), so even a read of a stored text is parsed
 * in the parser's worker thread, never on the request's. Members' document lists and every click on a
 * link need it: under load (npm run bench:load) it was most of those routes' time.
 * Keyed by the text itself, so it is exact on both dialects: a saved change is a different key.
 * The result is shared between requests (and so is a parse still under way): callers read it and
 * never change it.
 */
const ROOMS_KEPT = 64;
const parsedByText = new Map<string, Promise<ParsedSections>>();

/**
 * A stored text the parser cannot read in time (saved before the limits existed) reads as no sections,
 * with the reason as its problem, and is kept so, so that readers do not make the parser try again.
 */
async function parseStored(markdown: string): Promise<ParsedSections> {
  try {
    return await parseSectionsOffThread(markdown);
  } catch (error) {
    if (!(error instanceof SectionsTooComplexError)) {
      parsedByText.delete(markdown);
      throw error;
    }
    return {
      company: { ...DEFAULT_COMPANY },
      sections: [],
      problems: [{ line: 0, message: error.message }],
    };
  }
}

export function parsedSections(markdown: string): Promise<ParsedSections> {
  let parsed = parsedByText.get(markdown);
  if (parsed) {
    // Least recently used first: a hit moves to the end.
    parsedByText.delete(markdown);
  } else {
    parsed = parseStored(markdown);
    if (parsedByText.size >= ROOMS_KEPT) parsedByText.delete(parsedByText.keys().next().value as string);
  }
  parsedByText.set(markdown, parsed);
  return parsed;
}
