/**
 * How a search's words are read, the same on the server and in the web (docs/decisions/0088-search-inside-every-page.md).
 * A query is words, "quoted phrases" and prefixes (`fund*`); every other character is a separator, so no
 * query reaches a full-text engine as syntax: each dialect's expression is built from these terms alone.
 * Text is folded as both indexes fold it: Unicode compatibility forms, accents removed, lower case.
 */

export type SearchTerm =
  | { kind: 'word'; word: string; isPrefix: boolean }
  | { kind: 'phrase'; words: string[] };

/** A query's terms are at most this many: more would only slow the engine, never narrow it usefully. */
export const MAX_SEARCH_TERMS = 12;

const WORD = /[\p{L}\p{N}]+/gu;

/** Folded as the indexes fold: "Ärger" and "ARGER" are one word. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function wordsOf(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/**
 * The terms of a query: a quoted run is a phrase, a word ending in `*` a prefix, a token of several
 * words ("don't", "S-1") a phrase of them. An unclosed quote runs to the end; `*`, quotes or operators
 * alone give no term (a search for nothing, answered with nothing).
 */
export function parseSearchQuery(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const pieces = query.split('"');
  for (const [index, piece] of pieces.entries()) {
    const isQuoted = index % 2 === 1;
    if (isQuoted) {
      const words = wordsOf(piece);
      if (words.length === 1) terms.push({ kind: 'word', word: words[0] as string, isPrefix: false });
      else if (words.length > 1) terms.push({ kind: 'phrase', words });
      continue;
    }
    for (const token of piece.split(/\s+/)) {
      const words = wordsOf(token);
      if (words.length === 0) continue;
      if (words.length > 1) terms.push({ kind: 'phrase', words });
      else terms.push({ kind: 'word', word: words[0] as string, isPrefix: token.endsWith('*') });
    }
  }
  return dedupe(terms).slice(0, MAX_SEARCH_TERMS);
}

function dedupe(terms: SearchTerm[]): SearchTerm[] {
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = term.kind === 'word' ? `${term.word}${term.isPrefix ? '*' : ''}` : term.words.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The words a reader's eye looks for on the page: every word of every term, folded. */
export function highlightWordsOf(terms: SearchTerm[]): string[] {
  return [...new Set(terms.flatMap((term) => (term.kind === 'word' ? [term.word] : term.words)))];
}

/**
 * Words a question is made of that say nothing of what it asks ("what is the ..."): "Ask the room" looks
 * for the others, any of them, best first.
 */
const QUESTION_WORDS = new Set(
  (
    'a about an and any are as at be been but by can could did do does for from had has have how i if in ' +
    'is it its me my of on or our so than that the their them there these they this those to was we were ' +
    'what when where which who whom why will with would you your'
  ).split(' '),
);

/** A question's searchable terms: its words but the question words, each a word (not a prefix). */
export function questionTermsOf(question: string): SearchTerm[] {
  const words = wordsOf(question).filter((word) => !QUESTION_WORDS.has(word) && word.length > 1);
  return dedupe(words.map((word) => ({ kind: 'word' as const, word, isPrefix: false }))).slice(
    0,
    MAX_SEARCH_TERMS,
  );
}

/**
 * A light English stem, for matching text the database's index does not hold (the FAQ's published
 * answers, a page's word boxes): plural and verb endings off, so "investors" finds "investor" and
 * "raised" finds "raising". The indexes stem with Porter's algorithm; this agrees on the common cases.
 */
export function stemOf(word: string): string {
  if (word.length <= 3) return word;
  for (const suffix of ['ing', 'ies', 'ied', 'es', 'ed', 's', 'ly']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const stem = word.slice(0, -suffix.length);
      return suffix === 'ies' || suffix === 'ied' ? `${stem}y` : stem;
    }
  }
  return word.endsWith('e') ? word.slice(0, -1) : word;
}

/** Whether a folded word of the text is what a term's word looks for. */
export function wordMatches(textWord: string, termWord: string, isPrefix: boolean): boolean {
  return passesWordTest(textWord, wordTestOf(termWord, isPrefix));
}

/**
 * How many of the terms a text holds (all of them: a search's match; some: a question's), for text no
 * index holds, matched word by word as the indexes do.
 */
export function countMatchedTerms(text: string, terms: SearchTerm[]): number {
  return termMatchesOf(tokensOf(text), terms).filter((positions) => positions.length > 0).length;
}

/** A piece of a snippet: plain text, the matching words marked. */
export interface SnippetPiece {
  text: string;
  isMatch: boolean;
}

/** A word of a term as the matcher compares it: folded, its stem worked out once. */
interface WordTest {
  word: string;
  stem: string;
  isPrefix: boolean;
}

const wordTestOf = (word: string, isPrefix: boolean): WordTest => ({ word, stem: stemOf(word), isPrefix });

/** wordMatches with the term's stem made once; a stem keeps its word's first letter, so most words fail at once. */
function passesWordTest(folded: string, test: WordTest): boolean {
  if (folded.charCodeAt(0) !== test.word.charCodeAt(0)) return false;
  if (test.isPrefix) return folded.startsWith(test.word);
  return folded === test.word || stemOf(folded) === test.stem;
}

/** A word of a text: where it is, and folded. */
interface TextToken {
  start: number;
  end: number;
  folded: string;
}

const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
/** TOKEN where the text is ASCII: the same words, found several times faster. */
const ASCII_TOKEN = /[A-Za-z0-9]+/g;
const NON_ASCII = /[^\p{ASCII}]/u;

/** The text's words in order; a page of plain ASCII is folded by lower-casing it once. */
function tokensOf(text: string): TextToken[] {
  const lower = NON_ASCII.test(text) ? undefined : text.toLowerCase();
  const tokens: TextToken[] = [];
  for (const match of text.matchAll(lower ? ASCII_TOKEN : TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    tokens.push({ start, end, folded: lower ? lower.slice(start, end) : foldText(match[0]) });
  }
  return tokens;
}

/** For each term, the indexes of the tokens it matches (a phrase: each of its words). */
function termMatchesOf(tokens: TextToken[], terms: SearchTerm[]): number[][] {
  return terms.map((term) => {
    const tests =
      term.kind === 'word'
        ? [wordTestOf(term.word, term.isPrefix)]
        : term.words.map((word) => wordTestOf(word, false));
    const positions: number[] = [];
    for (let start = 0; start + tests.length <= tokens.length; start += 1) {
      if (tests.every((test, offset) => passesWordTest((tokens[start + offset] as TextToken).folded, test)))
        for (let offset = 0; offset < tests.length; offset += 1) positions.push(start + offset);
    }
    return positions;
  });
}

/** Where a snippet of `span` tokens starts: the window around a match that holds the most terms, the first of equals. */
function bestWindowStart(termMatches: number[][], span: number): number {
  const lead = Math.floor(span / 3);
  const candidates = [...new Set(termMatches.flat())].sort((a, b) => a - b).slice(0, 200);
  let best = { from: 0, terms: 0 };
  for (const position of candidates) {
    const from = Math.max(0, position - lead);
    const terms = termMatches.filter((positions) =>
      positions.some((at) => at >= from && at < from + span),
    ).length;
    if (terms > best.terms) best = { from, terms };
  }
  return best.from;
}

/**
 * A snippet of about `span` words of the text, around the match that holds the most terms (the first of
 * equals), every match in it marked. Pages' snippets and the FAQ's are made here, so both dialects show
 * the same snippet for the same page; whitespace runs become one space.
 */
export function snippetOfText(text: string, terms: SearchTerm[], span = 24): SnippetPiece[] {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return text.trim() ? [{ text: text.slice(0, 200), isMatch: false }] : [];
  const termMatches = termMatchesOf(tokens, terms);
  const matched = new Set(termMatches.flat());
  const from = bestWindowStart(termMatches, span);
  const to = Math.min(tokens.length, from + span);
  const pieces: SnippetPiece[] = [];
  const push = (piece: string, isMatch: boolean) => {
    const previous = pieces.at(-1);
    if (previous && previous.isMatch === isMatch) previous.text += piece;
    else if (piece) pieces.push({ text: piece, isMatch });
  };
  if (from > 0) push('… ', false);
  let at = from === 0 ? 0 : (tokens[from] as TextToken).start;
  for (let index = from; index < to; index += 1) {
    const token = tokens[index] as TextToken;
    push(text.slice(at, token.start).replace(/\s+/g, ' '), false);
    push(text.slice(token.start, token.end), matched.has(index));
    at = token.end;
  }
  const endChar = to === tokens.length ? text.length : (tokens[to - 1] as TextToken).end;
  push(text.slice(at, endChar).replace(/\s+/g, ' '), false);
  if (to < tokens.length) push(' …', false);
  return pieces;
}
