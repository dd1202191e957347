import { type ParsedSections, parseSectionsMarkdown } from '../../../shared/sections-markdown';

/**
 * A room's sections markdown, parsed once per text. Parsing (micromark) costs milliseconds for a room
 * of a hundred links, against microseconds for the rest of a request, and members' document lists and
 * every click on a link need it: under load (npm run bench:load) it was most of those routes' time.
 * Keyed by the text itself, so it is exact on both dialects: a saved change is a different key.
 * The result is shared between requests: callers read it and never change it.
 */
const ROOMS_KEPT = 64;
const parsedByText = new Map<string, ParsedSections>();

export function parsedSections(markdown: string): ParsedSections {
  let parsed = parsedByText.get(markdown);
  if (parsed) {
    // Least recently used first: a hit moves to the end.
    parsedByText.delete(markdown);
  } else {
    parsed = parseSectionsMarkdown(markdown);
    if (parsedByText.size >= ROOMS_KEPT) parsedByText.delete(parsedByText.keys().next().value as string);
  }
  parsedByText.set(markdown, parsed);
  return parsed;
}
