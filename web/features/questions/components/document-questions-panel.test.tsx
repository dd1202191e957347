import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import type { DocumentQuestions, MyQuestion } from '#shared/contracts/questions';
import { questionRoutes } from '#shared/contracts/questions';
import { DocumentQuestionsPanel, QuestionsLink } from './document-questions-panel';

const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const DOCUMENT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const AT = '2026-11-20T10:00:00.000Z';
const QUESTION = '00000000-0000-4000-8000-000000000001';

const myQuestion = (overrides: Partial<MyQuestion>): MyQuestion => ({
  id: QUESTION,
  about: { kind: 'document', documentId: DOCUMENT, documentTitle: 'Deck.pdf', page: 3 },
  text: 'Is the pool fully diluted?',
  state: 'open',
  answer: null,
  askedAt: AT,
  answeredAt: null,
  isAnswerUnseen: false,
  ...overrides,
});

/** The browser's network (not ours): what the server answers, and every request the panel made. */
let questions: DocumentQuestions;
let requests: { method: string; path: string; body: unknown }[];
let askAnswer: () => Response;
/** Who is signed in: an investor, unless a test signs in the room's founder. */
let signedIn: { managedRoom: { id: string; role: 'owner' } | null } & Record<string, unknown>;
/** jsdom has no layout: the test says when the panel comes on screen. */
let comeOnScreen: () => void;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  questions = { mine: [], published: [], canAsk: true };
  requests = [];
  askAnswer = () => json(myQuestion({ text: 'Asked' }), 201);
  signedIn = {
    id: '00000000-0000-4000-8000-00000000000a',
    name: 'Ivy Investor',
    email: 'ivy@fund.vc',
    role: 'investor',
    isActive: true,
    createdAt: AT,
    managedRoom: null,
    onlyRoomId: null,
  };
  comeOnScreen = () => {};
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        comeOnScreen = () => this.callback([{ isIntersecting: true }]);
      }
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0] ?? url;
      const method = init?.method ?? 'GET';
      requests.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === apiPath(authRoutes.session)) return json({ user: signedIn, isSecondFactorPending: false });
      if (path === apiPath(questionRoutes.ofDocument, { params: { id: DOCUMENT } })) return json(questions);
      if (path === apiPath(questionRoutes.ask, { params: { id: ROOM } }) && method === 'POST')
        return askAnswer();
      if (path === apiPath(questionRoutes.markSeen, { params: { id: ROOM } }))
        return json({ questions: questions.mine, unseenAnswers: 0, canAsk: true });
      throw new Error(`unexpected request ${method} ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(page: number | null = 3) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <QuestionsLink documentId={DOCUMENT} />
        <DocumentQuestionsPanel roomId={ROOM} documentId={DOCUMENT} documentTitle="Deck.pdf" page={page} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test('a question asked from page 3 is pinned to the document and that page', async () => {
  renderPanel(3);
  fireEvent.click(await screen.findByRole('button', { name: 'Ask a question' }));
  expect(screen.getByRole('radio', { name: 'Page 3' })).toHaveProperty('checked', true);
  fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'What is on this page?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
  await screen.findByText('Question sent');
  expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
    about: { kind: 'document', documentId: DOCUMENT, page: 3 },
    text: 'What is on this page?',
  });
});

test('"The whole document" asks without a page; the server’s refusal is said under the question, which is kept', async () => {
  askAnswer = () => json({ error: 'bad_request', message: 'text must be at most 4000 characters' }, 400);
  renderPanel(2);
  fireEvent.click(await screen.findByRole('button', { name: 'Ask a question' }));
  fireEvent.click(screen.getByRole('radio', { name: 'The whole document' }));
  const field = screen.getByLabelText('Your question');
  fireEvent.change(field, { target: { value: 'About all of it' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
  expect(await screen.findByText('text must be at most 4000 characters')).toBeTruthy();
  expect(field).toHaveProperty('value', 'About all of it');
  expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
    about: { kind: 'document', documentId: DOCUMENT },
    text: 'About all of it',
  });
});

test('"Ask a question" puts the cursor in the question’s box; closing it puts the focus back on the button', async () => {
  renderPanel();
  fireEvent.click(await screen.findByRole('button', { name: 'Ask a question' }));
  expect(document.activeElement).toBe(screen.getByLabelText('Your question'));
  fireEvent.click(screen.getByRole('button', { name: 'Close the question' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ask a question' }));
});

test('an empty question is not sent', async () => {
  renderPanel();
  fireEvent.click(await screen.findByRole('button', { name: 'Ask a question' }));
  fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
  expect(await screen.findByText('Write your question first.')).toBeTruthy();
  expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
});

test('an answer not seen is marked new and counted seen once, for this document, when the panel comes on screen', async () => {
  questions.mine = [
    myQuestion({ state: 'answered', answer: 'Yes, fully diluted.', answeredAt: AT, isAnswerUnseen: true }),
  ];
  renderPanel(3);
  const onPage = await screen.findByRole('region', { name: 'On page 3' });
  expect(within(onPage).getByText('Yes, fully diluted.')).toBeTruthy();
  expect(requests.filter((request) => request.path.endsWith('/questions/seen'))).toEqual([]);
  await act(async () => {}); // the panel's effects run, and it watches for the screen
  act(() => comeOnScreen());
  await waitFor(() => expect(within(onPage).getByText('New answer')).toBeTruthy());
  act(() => comeOnScreen());
  const seen = requests.filter((request) => request.path.endsWith('/questions/seen'));
  expect(seen).toEqual([
    {
      method: 'POST',
      path: apiPath(questionRoutes.markSeen, { params: { id: ROOM } }),
      body: { documentId: DOCUMENT },
    },
  ]);
});

test('a room that takes no questions offers no way to ask, and still shows the answers', async () => {
  questions = {
    mine: [],
    published: [
      {
        id: QUESTION,
        about: { kind: 'document', documentId: DOCUMENT, documentTitle: 'Deck.pdf', page: 5 },
        question: 'What is the churn?',
        answer: 'Two percent a year.',
        publishedAt: AT,
        updatedAt: AT,
      },
    ],
    canAsk: false,
  };
  renderPanel(3);
  const onPage5 = await screen.findByRole('region', { name: 'On page 5' });
  expect(within(onPage5).getByText('Two percent a year.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Ask a question' })).toBeNull();
});

test('the header’s Questions says an answer waits, and brings the panel on screen', async () => {
  questions.mine = [myQuestion({ state: 'answered', answer: 'Yes.', answeredAt: AT, isAnswerUnseen: true })];
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;
  renderPanel(3);
  const button = await screen.findByRole('button', { name: /^Questions/ });
  await waitFor(() => expect(button.textContent).toBe('QuestionsNew answer'));
  fireEvent.click(button);
  expect(scrolled).toHaveBeenCalledTimes(1);
  expect(document.activeElement?.textContent).toBe('Questions');
});

test('the room’s founder reading it is not offered to ask, and is told where they answer', async () => {
  signedIn = { ...signedIn, role: 'founder', managedRoom: { id: ROOM, role: 'owner' } };
  renderPanel(3);
  expect(await screen.findByRole('link', { name: 'Investors, Questions' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Ask a question' })).toBeNull();
});
