import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { MyQuestion } from '#shared/contracts/questions';
import { type RoomAnswer, type SearchResults, searchRoutes } from '#shared/contracts/search';
import { questionsKeys, type RoomSource } from '#web/lib/query-keys';
import { RoomSearch } from './room-search';
import { searchNoticeText } from './search-field';

const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const DECK = '0f8fad5b-d9cb-469f-a165-70867728950e';
const TOKEN = 'a'.repeat(43);
const QUESTION = 'What is the liquidation preference?';

/** The browser's network (not ours): what the server answers, and every request the search made. */
let requests: { method: string; url: string; body: unknown }[];
let areQueriesVisibleToFounders: boolean;
let found: SearchResults;
let answer: RoomAnswer;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const nothingFound = (query: string): SearchResults => ({
  query,
  words: [],
  pageCount: 0,
  documents: [],
  faq: [],
});

beforeEach(() => {
  requests = [];
  areQueriesVisibleToFounders = true;
  found = nothingFound('churn');
  answer = { question: QUESTION, passages: [], faq: [], canAsk: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.split('?')[0] ?? url;
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (
        path === apiPath(searchRoutes.notice, { params: { id: ROOM } }) ||
        path === apiPath(searchRoutes.invitedNotice, { params: { token: TOKEN } })
      )
        return json({ areQueriesVisibleToFounders });
      if (
        path === apiPath(searchRoutes.search, { params: { id: ROOM } }) ||
        path === apiPath(searchRoutes.invitedSearch, { params: { token: TOKEN } })
      )
        return json(found);
      if (path === apiPath(searchRoutes.ask, { params: { id: ROOM } }) && method === 'GET')
        return json(answer);
      if (path === apiPath(searchRoutes.askFounders, { params: { id: ROOM } }) && method === 'POST') {
        const asked: MyQuestion = {
          id: '00000000-0000-4000-8000-000000000001',
          about: { kind: 'room' },
          text: QUESTION,
          state: 'open',
          answer: null,
          askedAt: '2026-11-20T10:00:00.000Z',
          answeredAt: null,
          isAnswerUnseen: false,
        };
        return json(asked, 201);
      }
      throw new Error(`unexpected request ${method} ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderSearch(source: RoomSource = { kind: 'member', roomId: ROOM }, onOpenInvited = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The reader's own questions, as the room's page has them cached.
  client.setQueryData(questionsKeys.mine(ROOM), { questions: [], unseenAnswers: 0, canAsk: true });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RoomSearch
          source={source}
          roomId={ROOM}
          onOpenInvited={source.kind === 'invite' ? onOpenInvited : undefined}
        />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, box: screen.getByRole('searchbox', { name: 'Search this data room' }) };
}

const searches = () => requests.filter((request) => request.url.includes('/search?'));

test('the line under the box says whether the founders see the words', async () => {
  renderSearch();
  await screen.findByText('The founders can see what you search for.');
  cleanup();
  areQueriesVisibleToFounders = false;
  renderSearch({ kind: 'invite', token: TOKEN });
  await screen.findByText('The founders see that you searched, not the words.');
  expect(searchNoticeText(false)).toBe('The founders see that you searched, not the words.');
});

test('the room is searched once the typing stops, from two characters', async () => {
  const { box } = renderSearch();
  fireEvent.change(box, { target: { value: 'c' } });
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(searches()).toEqual([]);
  fireEvent.change(box, { target: { value: 'ch' } });
  fireEvent.change(box, { target: { value: 'chu' } });
  fireEvent.change(box, { target: { value: 'churn' } });
  await screen.findByText('No pages match “churn”.');
  expect(searches().map((request) => new URL(request.url, 'http://x').searchParams.get('q'))).toEqual([
    'churn',
  ]);
});

test('a page found links to the viewer at that page, with the words to highlight', async () => {
  found = {
    query: 'churn',
    words: ['churn'],
    pageCount: 1,
    documents: [
      {
        documentId: DECK,
        title: 'Deck.pdf',
        pageCount: 1,
        hits: [{ page: 4, snippet: [{ text: 'churn', isMatch: true }] }],
      },
    ],
    faq: [],
  };
  const { box } = renderSearch();
  fireEvent.change(box, { target: { value: 'churn' } });
  const link = await screen.findByRole('link', { name: /Page 4/ });
  expect(link.getAttribute('href')).toBe(`/data-room/${ROOM}/documents/${DECK}?page=4&q=churn`);
  expect(screen.getByRole('status').textContent).toBe('1 page in 1 document');
});

test('Esc empties the box and its results', async () => {
  const { box } = renderSearch();
  fireEvent.change(box, { target: { value: 'churn' } });
  await screen.findByText('No pages match “churn”.');
  fireEvent.keyDown(box, { key: 'Escape' });
  expect((box as HTMLInputElement).value).toBe('');
  expect(screen.queryByText('No pages match “churn”.')).toBeNull();
});

test('a question nothing answers is sent to the founders, and the reader’s questions are read again', async () => {
  const { box, client } = renderSearch();
  fireEvent.change(box, { target: { value: QUESTION } });
  found = nothingFound(QUESTION);
  fireEvent.click(await screen.findByRole('button', { name: 'Ask the room' }));
  const answered = await screen.findByRole('region', { name: 'Passages that may answer it' });
  expect(answered.textContent).toContain(`No passage in the room seems to answer “${QUESTION}”.`);
  fireEvent.click(within(answered).getByRole('button', { name: /Ask the founders/ }));
  await screen.findByText('Question sent');
  expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ question: QUESTION });
  expect(client.getQueryState(questionsKeys.mine(ROOM))?.isInvalidated).toBe(true);
  expect(await screen.findByText(/Sent to the founders/)).toBeTruthy();
});

test('the invited view searches by its invitation and has no "Ask the room" (it needs a session)', async () => {
  const onOpenInvited = vi.fn();
  found = {
    query: 'churn',
    words: ['churn'],
    pageCount: 1,
    documents: [
      {
        documentId: DECK,
        title: 'Deck.pdf',
        pageCount: 1,
        hits: [{ page: 2, snippet: [{ text: 'churn', isMatch: true }] }],
      },
    ],
    faq: [],
  };
  const { box } = renderSearch({ kind: 'invite', token: TOKEN }, onOpenInvited);
  fireEvent.change(box, { target: { value: 'churn' } });
  fireEvent.click(await screen.findByRole('link', { name: /Page 2/ }));
  expect(onOpenInvited).toHaveBeenCalledWith(DECK, { page: 2, q: 'churn' });
  expect(searches()[0]?.url).toContain(`/invite/${TOKEN}/search?`);
  expect(screen.queryByRole('button', { name: 'Ask the room' })).toBeNull();
});
