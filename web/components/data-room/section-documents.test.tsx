import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { type DocumentRow, SectionDocuments } from './section-documents';

/** The browser's IntersectionObserver (jsdom has no layout): the test says which elements came on screen. */
let observed: { element: Element; report: (entries: { isIntersecting: boolean }[]) => void }[];
beforeEach(() => {
  observed = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly report: (entries: { isIntersecting: boolean }[]) => void;
      constructor(report: (entries: { isIntersecting: boolean }[]) => void) {
        this.report = report;
      }
      observe(element: Element) {
        observed.push({ element, report: this.report });
      }
      disconnect() {
        observed = observed.filter((entry) => entry.report !== this.report);
      }
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (overrides: Partial<DocumentRow>): DocumentRow => ({
  key: '0',
  title: 'Series A deck',
  fileType: 'pdf',
  isUploaded: true,
  updatedLabel: 'Updated today',
  href: '/data-room/r/documents/d',
  ...overrides,
});

function renderRows(documents: DocumentRow[]) {
  render(
    <MemoryRouter>
      <SectionDocuments
        section={{ name: 'Decks', description: 'The decks.', icon: 'chart-line' }}
        documents={documents}
        onOpenDocument={() => {}}
      />
    </MemoryRouter>,
  );
}

test('a row with prefetch handlers reports coming on screen once, and a finger, a pointer or focus on it', () => {
  const onSight = vi.fn();
  const onIntent = vi.fn();
  renderRows([row({ onSight, onIntent })]);
  const link = screen.getByRole('link', { name: /Series A deck/ });
  expect(observed.map((entry) => entry.element)).toEqual([link]);
  observed[0]?.report([{ isIntersecting: false }]);
  expect(onSight).not.toHaveBeenCalled();
  observed[0]?.report([{ isIntersecting: true }]);
  expect(onSight).toHaveBeenCalledTimes(1);
  expect(observed).toEqual([]);
  fireEvent.touchStart(link);
  fireEvent.pointerEnter(link);
  fireEvent.focus(link);
  expect(onIntent).toHaveBeenCalledTimes(3);
});

test('a row without them is not watched', () => {
  renderRows([row({}), row({ key: '1', title: 'Website', isUploaded: false, href: 'https://example.com' })]);
  expect(observed).toEqual([]);
});

test('a row with something new for its reader says so in its link', () => {
  renderRows([row({ badge: '2 new answers' }), row({ key: '1', title: 'Model' })]);
  expect(screen.getByRole('link', { name: /Series A deck/ }).textContent).toContain('2 new answers');
  expect(screen.getByRole('link', { name: /Model/ }).textContent).not.toContain('new answer');
});

test('a section shows the description its founder wrote, and none where the text gives none', () => {
  const renderSection = (description: string) =>
    render(
      <MemoryRouter>
        <SectionDocuments
          section={{ name: 'Decks', description, icon: 'folder' }}
          documents={[]}
          onOpenDocument={() => {}}
        />
      </MemoryRouter>,
    );
  renderSection('The decks.');
  expect(screen.getByText('The decks.')).toBeTruthy();
  cleanup();
  // The API's derived value (docs/product-rules.md#sections-markdown) is no words to show.
  renderSection('Decks documentation and files');
  expect(screen.queryByText('Decks documentation and files')).toBeNull();
  expect(screen.getByRole('heading', { name: 'Decks' })).toBeTruthy();
});
