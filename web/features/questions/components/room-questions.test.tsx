import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { questionRoutes } from '#shared/contracts/questions';
import type { Section } from '#shared/sections-markdown';
import { RoomQuestions } from './room-questions';

const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const DECK = '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d';

const section = (id: number, name: string, documents: Section['documents']): Section => ({
  id,
  name,
  description: '',
  icon: 'chart-line',
  documents,
  lines: { start: id, end: id },
});

/** The reader's sections as the server gives them: a hidden one is never here, an empty one is. */
const SECTIONS: Section[] = [
  section(1, 'Pitch', [
    {
      title: 'Deck',
      url: apiPath(documentRoutes.download, { params: { id: DECK } }),
      isUploaded: true,
      documentId: DECK,
      fileType: 'pdf',
      line: 2,
    },
  ]),
  section(2, 'Legal', []),
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (path === apiPath(questionRoutes.faq, { params: { id: ROOM } }))
        return json({ entries: [], canAsk: true });
      if (path === apiPath(questionRoutes.mine, { params: { id: ROOM } }))
        return json({ questions: [], unseenAnswers: 0, canAsk: true });
      if (path === apiPath(authRoutes.session)) return json({ user: null });
      throw new Error(`unexpected request ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderQuestions(initialSection: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/q',
        element: <RoomQuestions roomId={ROOM} sections={SECTIONS} initialSection={initialSection} />,
      },
    ],
    { initialEntries: ['/q'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

test('the form offers the room and the sections the reader sees, never an empty one', async () => {
  renderQuestions(null);
  const group = await screen.findByRole('group', { name: 'About' });
  const offered = [...group.querySelectorAll('label')].map((label) => label.textContent?.trim());
  expect(offered).toEqual(['The room', 'Pitch']);
});

test('asked from an empty section’s address, the question starts about the room', async () => {
  renderQuestions('Legal');
  expect(((await screen.findByRole('radio', { name: 'The room' })) as HTMLInputElement).checked).toBe(true);
  expect(screen.queryByRole('radio', { name: 'Legal' })).toBeNull();
});
