import { expect, test } from 'vitest';
import type { FaqEntry, MyQuestion } from '#shared/contracts/questions';
import { documentThreads, subjectLabel } from './question-threads';

const DOCUMENT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const AT = '2026-11-20T10:00:00.000Z';
const ids = (count: number) =>
  Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
const [a, b, c, d, e] = ids(5) as [string, string, string, string, string];

const onPage = (page: number | null) =>
  ({ kind: 'document', documentId: DOCUMENT, documentTitle: 'Deck.pdf', page }) as const;

function mine(id: string, page: number | null, state: MyQuestion['state'] = 'open'): MyQuestion {
  return {
    id,
    about: onPage(page),
    text: `mine ${id}`,
    state,
    answer: state === 'open' ? null : 'An answer',
    askedAt: AT,
    answeredAt: state === 'open' ? null : AT,
    isAnswerUnseen: false,
  };
}

function published(id: string, page: number | null): FaqEntry {
  return {
    id,
    about: onPage(page),
    question: `faq ${id}`,
    answer: 'Published',
    publishedAt: AT,
    updatedAt: AT,
  };
}

test('the page on screen first, then the whole document, then the other pages in order', () => {
  const threads = documentThreads(
    [mine(a, 3), mine(b, null)],
    [published(c, 7), published(d, 3), published(e, 2)],
    3,
  );
  expect(threads.onThisPage.map((question) => question.id)).toEqual([a, d]);
  expect(threads.wholeDocument.map((question) => question.id)).toEqual([b]);
  expect(
    threads.otherPages.map((group) => [group.page, group.questions.map((question) => question.id)]),
  ).toEqual([
    [2, [e]],
    [7, [c]],
  ]);
});

test("the reader's own published question shows once, as theirs", () => {
  const threads = documentThreads([mine(a, 3, 'published')], [published(a, 3), published(b, 3)], 3);
  expect(threads.onThisPage.map((question) => [question.kind, question.id])).toEqual([
    ['mine', a],
    ['published', b],
  ]);
});

test('a document not read as pages puts every page under its number', () => {
  const threads = documentThreads([mine(a, 1)], [], null);
  expect(threads.onThisPage).toEqual([]);
  expect(threads.otherPages.map((group) => group.page)).toEqual([1]);
});

test('what a question is about, in words', () => {
  expect(subjectLabel({ kind: 'room' })).toBe('The room');
  expect(subjectLabel({ kind: 'section', section: 'Financials' })).toBe('Financials');
  expect(subjectLabel(onPage(3))).toBe('Deck.pdf, page 3');
  expect(subjectLabel(onPage(null))).toBe('Deck.pdf');
});
