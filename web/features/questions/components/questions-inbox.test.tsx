import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import type { QuestionInbox } from '#shared/contracts/questions';
import { questionRoutes } from '#shared/contracts/questions';
import { QuestionsInbox } from './questions-inbox';

const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const GROUP = '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d';

const AT = '2026-11-20T10:00:00.000Z';
const inboxPage = (page = 1): QuestionInbox => ({
  questions: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      about: { kind: 'room' },
      text: 'When do you close?',
      state: 'open',
      asker: { userId: '00000000-0000-4000-8000-000000000002', email: 'asha@acme.vc', name: 'Asha' },
      firm: 'acme.vc',
      group: { id: GROUP, name: 'Diligence' },
      answer: null,
      publishedQuestion: null,
      askedAt: AT,
      answeredAt: null,
      publishedAt: null,
      passages: [],
    },
  ],
  total: 120,
  page,
  pageSize: 50,
  counts: { open: 120, answered: 3, published: 4 },
  firms: ['acme.vc', 'northwind.vc'],
});

/** The browser's network (not ours): the inbox's every request, by its query. */
let inboxQueries: URLSearchParams[];
beforeEach(() => {
  inboxQueries = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [path, query = ''] = url.split('?');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (path === apiPath(documentRoutes.mine)) return json([]);
      if (path === apiPath(groupRoutes.list))
        return json({
          groups: [{ id: GROUP, name: 'Diligence', isDefault: false, isViewOnly: false }],
          investors: [],
          sections: [],
        });
      if (path === apiPath(questionRoutes.inbox)) {
        const params = new URLSearchParams(query);
        inboxQueries.push(params);
        return json(inboxPage(Number(params.get('page') ?? 1)));
      }
      throw new Error(`unexpected request ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderInbox(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/admin/questions', element: <QuestionsInbox roomId={ROOM} /> }],
    {
      initialEntries: [address],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

test('the filters and the page are read from the address and sent to the server', async () => {
  renderInbox(`/admin/questions?tab=answered&group=${GROUP}&firm=acme.vc&page=2`);
  await waitFor(() => expect(inboxQueries.length).toBeGreaterThan(0));
  const last = inboxQueries.at(-1);
  expect(Object.fromEntries(last ?? [])).toEqual({
    state: 'answered',
    groupId: GROUP,
    firm: 'acme.vc',
    page: '2',
  });
});

test('choosing a filter starts again at the first page, and the counts, which ignore filters, are hidden', async () => {
  const router = renderInbox('/admin/questions?page=3');
  expect(await screen.findByRole('tab', { name: 'Open (120)' })).toBeTruthy();
  expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
  fireEvent.change(await screen.findByLabelText('Firm'), { target: { value: 'northwind.vc' } });
  await waitFor(() => expect(router.state.location.search).toBe('?firm=northwind.vc'));
  expect(await screen.findByRole('tab', { name: 'Open' })).toBeTruthy();
  await waitFor(() =>
    expect(Object.fromEntries(inboxQueries.at(-1) ?? [])).toEqual({ state: 'open', firm: 'northwind.vc' }),
  );
});
