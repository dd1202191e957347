import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import type { SearchResults } from '#shared/contracts/search';
import { SnippetText } from '#web/components/ui/snippet-text';
import { SearchResultsList } from './search-results';

const DECK = '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b';
const MODEL = '0f8fad5b-d9cb-469f-a165-70867728950e';

afterEach(cleanup);

const results = (overrides: Partial<SearchResults> = {}): SearchResults => ({
  query: 'churn',
  words: ['churn'],
  pageCount: 3,
  documents: [
    {
      documentId: DECK,
      title: 'Pitch deck.pdf',
      pageCount: 2,
      hits: [
        {
          page: 7,
          snippet: [
            { text: 'Monthly logo ', isMatch: false },
            { text: 'churn', isMatch: true },
            { text: ' fell to 1.2% in Q3', isMatch: false },
          ],
        },
        { page: 9, snippet: [{ text: 'Churn', isMatch: true }] },
      ],
    },
    {
      documentId: MODEL,
      title: 'Model.xlsx',
      pageCount: 1,
      hits: [{ page: 1, snippet: [{ text: 'churn', isMatch: true }] }],
    },
  ],
  faq: [],
  ...overrides,
});

const hrefOf = (documentId: string, page: number) => `/viewer/${documentId}?page=${page}&q=churn`;

function renderList(found: SearchResults, onOpen?: (documentId: string, page: number) => void) {
  return render(
    <MemoryRouter>
      <SearchResultsList results={found} links={{ hrefOf, onOpen }} />
    </MemoryRouter>,
  );
}

test('the matching words of a snippet are drawn as <mark>, the rest as plain text', () => {
  const { container } = render(
    <p>
      <SnippetText
        snippet={[
          { text: 'Monthly logo ', isMatch: false },
          { text: 'churn', isMatch: true },
          { text: ' fell', isMatch: false },
        ]}
      />
    </p>,
  );
  const marks = container.querySelectorAll('mark');
  expect([...marks].map((mark) => mark.textContent)).toEqual(['churn']);
  expect(container.textContent).toBe('Monthly logo churn fell');
});

test("a snippet's text is never read as markup", () => {
  const hostile = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>';
  const { container } = render(
    <p>
      <SnippetText
        snippet={[
          { text: hostile, isMatch: false },
          { text: '<b>churn</b>', isMatch: true },
        ]}
      />
    </p>,
  );
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('b')).toBeNull();
  expect(container.textContent).toBe(`${hostile}<b>churn</b>`);
  expect(container.querySelector('mark')?.textContent).toBe('<b>churn</b>');
});

test('results are grouped by document, each with its page count and a link per page found', () => {
  renderList(results());
  const documents = within(screen.getByRole('list', { name: 'Documents found' })).getAllByRole('listitem', {
    // The documents, not the pages inside them.
    name: (_, element) => element.parentElement?.getAttribute('aria-label') === 'Documents found',
  });
  expect(documents).toHaveLength(2);
  const deck = documents[0] as HTMLElement;
  expect(within(deck).getByRole('heading', { name: 'Pitch deck.pdf' })).toBeTruthy();
  expect(deck.textContent).toContain('2 pages');
  const links = within(deck).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    `/viewer/${DECK}?page=7&q=churn`,
    `/viewer/${DECK}?page=9&q=churn`,
  ]);
  expect(links[0]?.textContent).toBe('Page 7Monthly logo churn fell to 1.2% in Q3');
  expect(links[0]?.querySelector('mark')?.textContent).toBe('churn');
  expect((documents[1] as HTMLElement).textContent).toContain('1 page');
});

test('every result is a link the keyboard reaches in order', () => {
  renderList(results());
  const links = screen.getAllByRole('link');
  expect(links).toHaveLength(3);
  for (const link of links) expect(link.tabIndex).toBe(0);
});

test('in the invited view a result opens through the invitation, not the link', () => {
  const onOpen = vi.fn();
  renderList(results(), onOpen);
  screen.getAllByRole('link')[2]?.click();
  expect(onOpen).toHaveBeenCalledWith(MODEL, 1);
});

test('published answers that match are listed under their own heading', () => {
  renderList(
    results({
      documents: [],
      faq: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          about: { kind: 'room' },
          question: 'How is churn counted?',
          answer: [
            { text: 'Logo ', isMatch: false },
            { text: 'churn', isMatch: true },
            { text: ', monthly.', isMatch: false },
          ],
        },
      ],
    }),
  );
  const answers = screen.getByRole('region', { name: 'Answered for everyone' });
  expect(within(answers).getByRole('heading', { name: 'Answered for everyone' })).toBeTruthy();
  expect(answers.textContent).toContain('How is churn counted?');
  expect(answers.querySelector('mark')?.textContent).toBe('churn');
  expect(screen.queryByRole('list', { name: 'Documents found' })).toBeNull();
});
