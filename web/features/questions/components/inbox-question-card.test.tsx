import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { InboxQuestion } from '#shared/contracts/questions';
import { questionRoutes } from '#shared/contracts/questions';
import { InboxQuestionCard } from './inbox-question-card';

const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const DOCUMENT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ID = '00000000-0000-4000-8000-000000000001';
const AT = '2026-11-20T10:00:00.000Z';

function inboxQuestion(overrides: Partial<InboxQuestion> = {}): InboxQuestion {
  return {
    id: ID,
    about: { kind: 'document', documentId: DOCUMENT, documentTitle: 'Deck.pdf', page: 3 },
    text: 'What is in other income? Asha from Acme',
    state: 'open',
    asker: { userId: '00000000-0000-4000-8000-000000000002', email: 'asha@acme.vc', name: 'Asha Asker' },
    firm: 'acme.vc',
    group: { id: '00000000-0000-4000-8000-000000000003', name: 'Diligence' },
    answer: null,
    publishedQuestion: null,
    askedAt: AT,
    answeredAt: null,
    publishedAt: null,
    passages: [],
    ...overrides,
  };
}

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

/** The browser's network (not ours): every request the card made, each answered with the question. */
let requests: { method: string; path: string; body: unknown }[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, path: url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(inboxQuestion({ state: 'published' })), {
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

function renderCard(question: InboxQuestion) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <InboxQuestionCard roomId={ROOM} question={question} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('article', { name: 'Question from Asha Asker' });
}

test('the card names who asked, from which firm and group, and links to the page asked about', () => {
  const card = renderCard(inboxQuestion());
  for (const text of ['Asha Asker', 'asha@acme.vc', 'acme.vc', 'Diligence'])
    expect(within(card).getByText(text)).toBeTruthy();
  expect(within(card).getByRole('link', { name: 'Deck.pdf, page 3' }).getAttribute('href')).toBe(
    `/data-room/${ROOM}/documents/${DOCUMENT}?page=3`,
  );
});

test('publishing sends the wording as the founder edited it, starting from the asker’s', async () => {
  const card = renderCard(inboxQuestion());
  fireEvent.click(within(card).getByRole('button', { name: 'Publish for everyone' }));
  const wording = within(card).getByLabelText('The question, as everyone will read it');
  expect(wording).toHaveProperty('value', 'What is in other income? Asha from Acme');
  fireEvent.change(wording, { target: { value: 'What is in other income?' } });
  fireEvent.change(within(card).getByLabelText('The answer'), { target: { value: 'Interest.' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Publish for everyone' }));
  await waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0]).toEqual({
    method: 'POST',
    path: apiPath(questionRoutes.publish, { params: { id: ID } }),
    body: { question: 'What is in other income?', answer: 'Interest.' },
  });
});

test('a private reply sends the answer alone; an empty one is not sent', async () => {
  const card = renderCard(inboxQuestion());
  fireEvent.click(within(card).getByRole('button', { name: 'Reply privately' }));
  fireEvent.click(within(card).getByRole('button', { name: 'Send reply' }));
  expect(within(card).getByText('Write the answer first.')).toBeTruthy();
  fireEvent.change(within(card).getByLabelText('Your reply'), { target: { value: 'See page 4.' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Send reply' }));
  await waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0]).toEqual({
    method: 'POST',
    path: apiPath(questionRoutes.reply, { params: { id: ID } }),
    body: { answer: 'See page 4.' },
  });
});

test('a published answer is edited in place, or withdrawn after confirming', async () => {
  const card = renderCard(
    inboxQuestion({
      state: 'published',
      answer: 'Interest.',
      publishedQuestion: 'What is in other income?',
      answeredAt: AT,
      publishedAt: AT,
    }),
  );
  expect(within(card).getByText('Published as')).toBeTruthy();
  fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
  expect(within(card).getByLabelText('The question, as everyone will read it')).toHaveProperty(
    'value',
    'What is in other income?',
  );
  fireEvent.change(within(card).getByLabelText('The answer'), { target: { value: 'Interest on deposits.' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0]).toEqual({
    method: 'POST',
    path: apiPath(questionRoutes.editPublished, { params: { id: ID } }),
    body: { question: 'What is in other income?', answer: 'Interest on deposits.' },
  });
  await waitFor(() => expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeTruthy());
  fireEvent.click(within(card).getByRole('button', { name: 'Withdraw' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
  await waitFor(() => expect(requests).toHaveLength(2));
  expect(requests[1]).toMatchObject({
    method: 'DELETE',
    path: apiPath(questionRoutes.withdraw, { params: { id: ID } }),
  });
});

test('a private reply can be changed, starting from what was sent', () => {
  const card = renderCard(inboxQuestion({ state: 'answered', answer: 'See page 4.', answeredAt: AT }));
  expect(within(card).getByText('See page 4.')).toBeTruthy();
  fireEvent.click(within(card).getByRole('button', { name: 'Change reply' }));
  expect(within(card).getByLabelText('Your reply')).toHaveProperty('value', 'See page 4.');
});

test('what "Ask the room" showed the asker is one click away: each passage with its title, page and words', () => {
  const card = renderCard(
    inboxQuestion({
      about: { kind: 'room' },
      passages: [
        { documentId: DOCUMENT, title: 'Deck.pdf', page: 7, text: 'Other income: interest on <cash>.' },
        { documentId: DOCUMENT, title: 'Deck.pdf', page: 12, text: 'Net burn fell in Q3.' },
      ],
    }),
  );
  const shown = within(card).getByText('What the room showed them (2)');
  const details = shown.closest('details') as HTMLDetailsElement;
  expect(details.open).toBe(false);
  fireEvent.click(shown);
  expect(details.open).toBe(true);
  const passages = within(details).getAllByRole('listitem');
  expect(passages.map((passage) => passage.textContent)).toEqual([
    'Deck.pdf · Page 7Other income: interest on <cash>.',
    'Deck.pdf · Page 12Net burn fell in Q3.',
  ]);
  expect(within(details).getByRole('link', { name: 'Page 7 of Deck.pdf' }).getAttribute('href')).toBe(
    `/data-room/${ROOM}/documents/${DOCUMENT}?page=7`,
  );
});

test('a question asked without "Ask the room" shows no passages', () => {
  const card = renderCard(inboxQuestion());
  expect(within(card).queryByText(/What the room showed them/)).toBeNull();
});
