import { MAX_SECTIONS_MARKDOWN_LENGTH } from './contracts/rooms';

export interface SectionsProblem {
  line: number;
  message: string;
}

/**
 * What a text may hold before it is parsed (ADR 26). micromark's time grows faster than the text on
 * some shapes (nested containers, long runs of emphasis marks or brackets in one paragraph), so a text
 * past these limits is refused before it reaches the parser, naming the line. Each limit is far above
 * what a room's sections need and was chosen from measurements (bench/markdown-shapes.ts).
 */
export const SECTIONS_LIMITS = {
  /** Characters in the whole text (the save route's limit too). */
  maxLength: MAX_SECTIONS_MARKDOWN_LENGTH,
  /** Lists and quotes inside each other on one line. */
  maxContainerNesting: 8,
  /** Quotes and lists inside list items started in the whole text: closing each costs time in the number before it. */
  maxContainerOpenings: 500,
  /** Square brackets open inside each other in one paragraph. */
  maxBracketNesting: 8,
  /** Markup characters (* _ [ ] `) in one paragraph. */
  maxMarksPerParagraph: 256,
  /** Markup characters in the whole text: each costs the parser about 20 microseconds. */
  maxMarks: 20_000,
  /** Links, images and reference definitions in the whole text. */
  maxLinks: 2_000,
} as const;

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const HEADING_OR_FENCE = /^(?:#{1,6}(?:[ \t]|$)|`{3,}|~{3,})/;
const REFERENCE_DEFINITION = /^\[[^\]]+\]:/;

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The first limit the text breaks, or undefined. One pass over the characters, in time linear in the
 * text. It reads markdown roughly (a list item's content column, a paragraph as the lines between
 * blank lines and new blocks, code counted like text), which is enough for limits set this far above
 * real use.
 */
export function findSectionsLimitProblem(markdown: string): SectionsProblem | undefined {
  if (markdown.length > SECTIONS_LIMITS.maxLength) {
    return {
      line: 0,
      message: `This text is too long: ${count(markdown.length)} characters, and the sections may have at most ${count(SECTIONS_LIMITS.maxLength)}.`,
    };
  }
  /** The content column of each list item still open from the lines above. */
  const openItems: number[] = [];
  let links = 0;
  let marks = 0;
  let allMarks = 0;
  let brackets = 0;
  let openings = 0;
  let quotesAbove = 0;
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index] ?? '';
    const line = index + 1;
    if (text.trim() === '') {
      marks = 0;
      brackets = 0;
      quotesAbove = 0;
      continue;
    }
    // The container prefix: quote marks, then the indentation that decides which list items go on.
    let position = 0;
    let quotes = 0;
    for (; position < text.length; position++) {
      const char = text[position];
      if (char === '>') quotes++;
      else if (char !== ' ' && char !== '\t') break;
    }
    while ((openItems.at(-1) ?? -1) > position) openItems.pop();
    let rest = text.slice(position);
    let startsBlock = quotes > 0;
    if (!THEMATIC_BREAK.test(rest)) {
      for (let marker = LIST_MARKER.exec(rest); marker; marker = LIST_MARKER.exec(rest)) {
        const after = marker[0].length + (/^[ \t]*/.exec(rest.slice(marker[0].length))?.[0].length ?? 0);
        position += after;
        openItems.push(position);
        if (openItems.length > 1) openings++;
        rest = rest.slice(after);
        startsBlock = true;
      }
    }
    openings += Math.max(0, quotes - quotesAbove);
    quotesAbove = quotes;
    if (quotes + openItems.length > SECTIONS_LIMITS.maxContainerNesting) {
      return {
        line,
        message: `This text is too deeply nested on line ${line}: at most ${SECTIONS_LIMITS.maxContainerNesting} lists and quotes may sit inside each other.`,
      };
    }
    if (openings > SECTIONS_LIMITS.maxContainerOpenings) {
      return {
        line,
        message: `This text has too many quotes and lists inside lists: line ${line} starts number ${count(openings)}, and the sections may have at most ${count(SECTIONS_LIMITS.maxContainerOpenings)}.`,
      };
    }
    const isDefinition = REFERENCE_DEFINITION.test(rest);
    if (isDefinition) links++;
    if (startsBlock || isDefinition || HEADING_OR_FENCE.test(rest)) {
      marks = 0;
      brackets = 0;
    }
    for (let at = 0; at < rest.length; at++) {
      const char = rest[at];
      if (char === '\\') {
        at++; // an escaped character is text
        continue;
      }
      if (char === '*' || char === '_' || char === '`' || char === '[' || char === ']') {
        marks++;
        allMarks++;
      }
      if (char === '[') brackets++;
      else if (char === ']') {
        brackets = Math.max(0, brackets - 1);
        if (rest[at + 1] === '(') links++;
      }
      if (brackets > SECTIONS_LIMITS.maxBracketNesting) {
        return {
          line,
          message: `This text is too deeply nested on line ${line}: at most ${SECTIONS_LIMITS.maxBracketNesting} square brackets may be open inside each other.`,
        };
      }
      if (marks > SECTIONS_LIMITS.maxMarksPerParagraph) {
        return {
          line,
          message: `The paragraph on line ${line} has too much markup: at most ${SECTIONS_LIMITS.maxMarksPerParagraph} of the characters * _ [ ] \` in one paragraph. Split it with a blank line.`,
        };
      }
      if (allMarks > SECTIONS_LIMITS.maxMarks) {
        return {
          line,
          message: `This text has too much markup: line ${line} brings the characters * _ [ ] \` to ${count(allMarks)}, and the sections may have at most ${count(SECTIONS_LIMITS.maxMarks)}.`,
        };
      }
      if (links > SECTIONS_LIMITS.maxLinks) {
        return {
          line,
          message: `This text has too many links: line ${line} holds link ${count(links)}, and the sections may have at most ${count(SECTIONS_LIMITS.maxLinks)}.`,
        };
      }
    }
  }
  return undefined;
}
