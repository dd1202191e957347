import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { ManagerSearchResults } from '#shared/contracts/search';
import { searchRoutes } from '#shared/contracts/search';
import { SearchInsideFiles } from './search-inside-files';

const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const DECK = '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b';
const TERMS = '1e2d3c4b-5a69-4786-9a5b-4c3d2e1f0a9b';
const EVERYONE = { id: '0b6f3c1e-8a4d-4f2b-9c7e-1a2b3c4d5e6f', name: 'Everyone' };
const DILIGENCE = { id: '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d', name: 'Diligence' };
const ANGELS = { id: '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b', name: 'Angels' };

const found: ManagerSearchResults = {
  query: 'churn',
  words: ['churn'],
  pageCount: 4,
  documents: [
    {
      documentId: DECK,
      title: 'Pitch deck.pdf',
      pageCount: 3,
      sections: ['Overview', 'Financials'],
      visibleToGroups: [EVERYONE, DILIGENCE],
      hiddenFromGroups: [],
      hits: [
        {
          page: 7,
          snippet: [
            { text: 'Monthly logo ', isMatch: false },
            { text: 'churn', isMatch: true },
            { text: ' fell to 1.2% <b>in Q3</b>', isMatch: false },
          ],
        },
        { page: 9, snippet: [{ text: 'Churn', isMatch: true }] },
      ],
    },
    {
      documentId: TERMS,
      title: 'Customer contracts.pdf',
      pageCount: 1,
      sections: [],
      visibleToGroups: [DILIGENCE],
      hiddenFromGroups: [EVERYONE, ANGELS],
      hits: [{ page: 2, snippet: [{ text: 'churn', isMatch: true }] }],
    },
  ],
  faq: [],
};

/** The server's search: every query asked is kept; any query answers `found`. */
let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== apiPath(searchRoutes.managerSearch))
        return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
      asked.push(url.searchParams.get('q') ?? '');
      return new Response(JSON.stringify(found), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSearch() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SearchInsideFiles roomId={ROOM} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('searchbox', { name: 'Search inside your files' });
}

test('words typed in a burst are searched once, after the pause, and one letter searches nothing', async () => {
  const box = renderSearch();
  fireEvent.change(box, { target: { value: 'c' } });
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(asked).toEqual([]);
  for (const typed of ['ch', 'chu', 'chur', 'churn']) fireEvent.change(box, { target: { value: typed } });
  await screen.findByRole('list', { name: 'Files matching “churn”' });
  expect(asked).toEqual(['churn']);
});

test('each file found shows its sections, who may read it, and its pages with the words marked', async () => {
  fireEvent.change(renderSearch(), { target: { value: 'churn' } });
  const files = within(await screen.findByRole('list', { name: 'Files matching “churn”' })).getAllByRole(
    'article',
  );
  const [deck, contracts] = files as [HTMLElement, HTMLElement];
  expect(screen.getByText('4 pages in 2 files', { selector: 'p' })).toBeTruthy();

  expect(within(deck).getByText('Linked in: Overview, Financials')).toBeTruthy();
  expect(deck.textContent).toContain('Visible to:everyone');
  expect(deck.textContent).not.toContain('Hidden from');
  const marks = deck.querySelectorAll('mark');
  expect([...marks].map((mark) => mark.textContent)).toEqual(['churn', 'Churn']);
  // A page's words are text, never markup.
  expect(deck.querySelector('b')).toBeNull();
  expect(deck.textContent).toContain('fell to 1.2% <b>in Q3</b>');
  expect(within(deck).getByRole('link', { name: 'Page 7 of Pitch deck.pdf' }).getAttribute('href')).toBe(
    `/data-room/${ROOM}/documents/${DECK}?page=7&q=churn`,
  );
  expect(deck.textContent).toContain('And 1 other page.');

  expect(within(contracts).getByText('Not linked in any section')).toBeTruthy();
  expect(contracts.textContent).toContain('Hidden from:Everyone, Angels');
  expect(contracts.textContent).toContain('Visible to:Diligence');
});

test('a search that finds nothing says so, and when files become searchable', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ ...found, query: 'ebitda', pageCount: 0, documents: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  fireEvent.change(renderSearch(), { target: { value: 'ebitda' } });
  expect(
    await screen.findByText(
      'Nothing in your files matches “ebitda”. A file is searched once its preview is ready.',
    ),
  ).toBeTruthy();
});

test('a file no group may read says so, and the published answers that match follow the files', async () => {
  const [deck] = found.documents as [ManagerSearchResults['documents'][number]];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            ...found,
            documents: [{ ...deck, visibleToGroups: [], hiddenFromGroups: [EVERYONE, DILIGENCE] }],
            faq: [
              {
                id: '00000000-0000-4000-8000-000000000009',
                about: { kind: 'room' },
                question: 'How do you count churn?',
                answer: [
                  { text: 'Logo ', isMatch: false },
                  { text: 'churn', isMatch: true },
                  { text: ', monthly.', isMatch: false },
                ],
              },
            ],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
  fireEvent.change(renderSearch(), { target: { value: 'churn' } });
  const file = within(await screen.findByRole('list', { name: 'Files matching “churn”' })).getByRole(
    'article',
  );
  expect(file.textContent).toContain('Hidden from:Everyone, Diligence');
  expect(file.textContent).toContain('Visible to:no investor group, only you and your co-founders');
  const answers = screen.getByRole('region', { name: 'Published answers' });
  expect(within(answers).getByText('How do you count churn?')).toBeTruthy();
  expect(answers.querySelector('mark')?.textContent).toBe('churn');
});
