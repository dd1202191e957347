import { describe, expect, test } from 'vitest';
import {
  countMatchedTerms,
  foldText,
  highlightWordsOf,
  parseSearchQuery,
  questionTermsOf,
  snippetOfText,
} from './search-words';

describe('parseSearchQuery', () => {
  test('words, quoted phrases and prefixes', () => {
    expect(parseSearchQuery('churn "net revenue" fund*')).toEqual([
      { kind: 'word', word: 'churn', isPrefix: false },
      { kind: 'phrase', words: ['net', 'revenue'] },
      { kind: 'word', word: 'fund', isPrefix: true },
    ]);
  });

  test('a token of several words is a phrase of them; accents and case fold', () => {
    expect(parseSearchQuery("S-1 don't ÄRGER")).toEqual([
      { kind: 'phrase', words: ['s', '1'] },
      { kind: 'phrase', words: ['don', 't'] },
      { kind: 'word', word: 'arger', isPrefix: false },
    ]);
  });

  test('engine syntax is only separators: operators become words, punctuation nothing', () => {
    expect(parseSearchQuery('NEAR(churn logo) OR -x AND *')).toEqual([
      { kind: 'phrase', words: ['near', 'churn'] },
      { kind: 'word', word: 'logo', isPrefix: false },
      { kind: 'word', word: 'or', isPrefix: false },
      { kind: 'word', word: 'x', isPrefix: false },
      { kind: 'word', word: 'and', isPrefix: false },
    ]);
    for (const query of ['*', '"', '"""', '()', ':*', '\\', '💥'])
      expect(parseSearchQuery(query), query).toEqual([]);
  });

  test('an unclosed quote runs to the end; repeated terms count once; at most twelve', () => {
    expect(parseSearchQuery('"option pool')).toEqual([{ kind: 'phrase', words: ['option', 'pool'] }]);
    expect(parseSearchQuery('arr ARR arr')).toHaveLength(1);
    expect(parseSearchQuery(Array.from({ length: 30 }, (_, index) => `w${index}`).join(' '))).toHaveLength(
      12,
    );
  });
});

test('foldText removes accents and case as both indexes do', () => {
  expect(foldText('São Paulo CAFÉ Ärger ﬁnance')).toBe('sao paulo cafe arger finance');
});

test('highlight words are every word of every term, once', () => {
  expect(highlightWordsOf(parseSearchQuery('churn "churn rate"'))).toEqual(['churn', 'rate']);
});

test('a question keeps the words that say what it asks', () => {
  expect(
    questionTermsOf('What is the net revenue churn?').map((term) => term.kind === 'word' && term.word),
  ).toEqual(['net', 'revenue', 'churn']);
});

describe('matching text no index holds', () => {
  test('every term, with English endings, prefixes and phrases', () => {
    const text = 'Our investors raised the Série A; monthly churn fell.';
    expect(countMatchedTerms(text, parseSearchQuery('investor raising serie'))).toBe(3);
    expect(countMatchedTerms(text, parseSearchQuery('"monthly churn"'))).toBe(1);
    expect(countMatchedTerms(text, parseSearchQuery('"churn monthly"'))).toBe(0);
    expect(countMatchedTerms(text, parseSearchQuery('mon*'))).toBe(1);
  });

  test('a snippet marks each match and keeps the text as text', () => {
    const pieces = snippetOfText(
      'Hello <img src=x onerror=alert(1)> churn and more',
      parseSearchQuery('churn'),
    );
    expect(pieces.filter((piece) => piece.isMatch)).toEqual([{ text: 'churn', isMatch: true }]);
    expect(pieces.map((piece) => piece.text).join('')).toContain('<img src=x onerror=alert(1)>');
  });

  test('a long text is cut around its first match, with ellipses', () => {
    const words = Array.from({ length: 100 }, (_, index) => `word${index}`);
    words[60] = 'churn';
    const pieces = snippetOfText(words.join(' '), parseSearchQuery('churn'));
    expect(pieces[0]?.text.startsWith('… ')).toBe(true);
    expect(pieces.at(-1)?.text.endsWith(' …')).toBe(true);
    expect(pieces.some((piece) => piece.isMatch && piece.text === 'churn')).toBe(true);
  });
});

test('the snippet is the window holding the most terms, the first of equals', () => {
  const words = Array.from({ length: 120 }, (_, index) => `word${index}`);
  words[10] = 'revenue';
  words[80] = 'revenue';
  words[84] = 'growth';
  const marked = (query: string) =>
    snippetOfText(words.join(' '), parseSearchQuery(query))
      .filter((piece) => piece.isMatch)
      .map((piece) => piece.text);
  expect(marked('revenue growth')).toEqual(['revenue', 'growth']);
  expect(marked('revenue')).toEqual(['revenue']);
  expect(snippetOfText(words.join(' '), parseSearchQuery('revenue'))[0]?.text).toBe(
    '… word2 word3 word4 word5 word6 word7 word8 word9 ',
  );
});

test('accented and plain pages are folded alike', () => {
  const matches = (text: string, query: string) =>
    snippetOfText(text, parseSearchQuery(query))
      .filter((piece) => piece.isMatch)
      .map((piece) => piece.text);
  expect(matches('La Série A de Ärger', 'serie arger')).toEqual(['Série', 'Ärger']);
  expect(matches('The SERIES A closed', 'series')).toEqual(['SERIES']);
  expect(matches('Customers renewed; the customer base grew', 'customers')).toEqual([
    'Customers',
    'customer',
  ]);
});
