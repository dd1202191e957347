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
  if (isPrefix) return textWord.startsWith(termWord);
  return textWord === termWord || stemOf(textWord) === stemOf(termWord);
}

/** Where each term occurs in the text's words: the index of each matching word, or none. */
function matchPositions(words: string[], term: SearchTerm): number[] {
  const positions: number[] = [];
  if (term.kind === 'word') {
    for (const [index, word] of words.entries())
      if (wordMatches(word, term.word, term.isPrefix)) positions.push(index);
    return positions;
  }
  for (let start = 0; start + term.words.length <= words.length; start += 1) {
    if (term.words.every((word, offset) => wordMatches(words[start + offset] as string, word, false)))
      for (let offset = 0; offset < term.words.length; offset += 1) positions.push(start + offset);
  }
  return positions;
}

/**
 * How many of the terms a text holds (all of them: a search's match; some: a question's), for text no
 * index holds, matched word by word as the indexes do.
 */
export function countMatchedTerms(text: string, terms: SearchTerm[]): number {
  const words = wordsOf(text);
  return terms.filter((term) => matchPositions(words, term).length > 0).length;
}

/** A piece of a snippet: plain text, the matching words marked. */
export interface SnippetPiece {
  text: string;
  isMatch: boolean;
}

/**
 * A snippet of about `span` words around the first match of the terms in the text, with every match in
 * it marked: for text no index holds (the FAQ's answers).
 */
export function snippetOfText(text: string, terms: SearchTerm[], span = 24): SnippetPiece[] {
  const tokens = [...text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)];
  const folded = tokens.map((token) => foldText(token[0]));
  const matched = new Set(terms.flatMap((term) => matchPositions(folded, term)));
  const first = Math.min(...matched, tokens.length);
  const from = Math.max(0, (first === tokens.length ? 0 : first) - Math.floor(span / 3));
  const to = Math.min(tokens.length, from + span);
  if (tokens.length === 0) return text ? [{ text: text.slice(0, 200), isMatch: false }] : [];
  const startChar = from === 0 ? 0 : (tokens[from]?.index ?? 0);
  const last = tokens[to - 1];
  const endChar = to === tokens.length ? text.length : (last?.index ?? 0) + (last?.[0].length ?? 0);
  const pieces: SnippetPiece[] = [];
  const push = (piece: string, isMatch: boolean) => {
    const previous = pieces.at(-1);
    if (previous && previous.isMatch === isMatch) previous.text += piece;
    else if (piece) pieces.push({ text: piece, isMatch });
  };
  if (from > 0) push('… ', false);
  let at = startChar;
  for (let index = from; index < to; index += 1) {
    const token = tokens[index] as RegExpMatchArray;
    const tokenStart = token.index ?? 0;
    push(text.slice(at, tokenStart).replace(/\s+/g, ' '), false);
    push(token[0], matched.has(index));
    at = tokenStart + token[0].length;
  }
  push(text.slice(at, endChar).replace(/\s+/g, ' '), false);
  if (to < tokens.length) push(' …', false);
  return pieces;
}

/** Private-use characters the engines put around a match in a snippet: never in stored text. */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';

/** A snippet the engine marked with MATCH_START and MATCH_END, in pieces; whitespace runs made one space. */
export function piecesOfMarkedSnippet(marked: string): SnippetPiece[] {
  const pieces: SnippetPiece[] = [];
  for (const [index, part] of marked.split(new RegExp(`[${MATCH_START}${MATCH_END}]`)).entries()) {
    const text = part.replace(/\s+/g, ' ');
    if (text) pieces.push({ text, isMatch: index % 2 === 1 });
  }
  return pieces;
}
