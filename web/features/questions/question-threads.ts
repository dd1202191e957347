import type { FaqEntry, MyQuestion, QuestionSubject } from '#shared/contracts/questions';

/** One question shown to a reader: one of their own (answered or not), or a published one. */
export type ReaderQuestion =
  | { kind: 'mine'; id: string; question: MyQuestion }
  | { kind: 'published'; id: string; entry: FaqEntry };

export interface DocumentThreads {
  /** About the page on screen. */
  onThisPage: ReaderQuestion[];
  /** About the whole document (no page). */
  wholeDocument: ReaderQuestion[];
  /** About its other pages, by page. */
  otherPages: { page: number; questions: ReaderQuestion[] }[];
}

function pageOf(question: ReaderQuestion): number | null {
  const about = question.kind === 'mine' ? question.question.about : question.entry.about;
  return about.kind === 'document' ? about.page : null;
}

/**
 * A document's questions as the viewer shows them beside a page: the reader's own first (their published
 * ones once, as their own, with the published wording's answer), then the published ones of others,
 * each under the page it is about.
 */
export function documentThreads(
  mine: readonly MyQuestion[],
  published: readonly FaqEntry[],
  page: number | null,
): DocumentThreads {
  const mineIds = new Set(mine.map((question) => question.id));
  const all: ReaderQuestion[] = [
    ...mine.map((question) => ({ kind: 'mine' as const, id: question.id, question })),
    ...published
      .filter((entry) => !mineIds.has(entry.id))
      .map((entry) => ({ kind: 'published' as const, id: entry.id, entry })),
  ];
  const threads: DocumentThreads = { onThisPage: [], wholeDocument: [], otherPages: [] };
  const byPage = new Map<number, ReaderQuestion[]>();
  for (const question of all) {
    const about = pageOf(question);
    if (about === null) threads.wholeDocument.push(question);
    else if (about === page) threads.onThisPage.push(question);
    else byPage.set(about, [...(byPage.get(about) ?? []), question]);
  }
  threads.otherPages = [...byPage.entries()]
    .sort(([a], [b]) => a - b)
    .map(([otherPage, questions]) => ({ page: otherPage, questions }));
  return threads;
}

/** What a question is about, in words: "The room", "Financials", "Series A deck.pdf, page 3". */
export function subjectLabel(about: QuestionSubject): string {
  switch (about.kind) {
    case 'room':
      return 'The room';
    case 'section':
      return about.section;
    case 'document':
      return about.page === null ? about.documentTitle : `${about.documentTitle}, page ${about.page}`;
  }
}
