import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { questionRoutes } from '#shared/contracts/questions';
import { OpenQuestionsSummary } from './open-questions-summary';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The browser's network (not ours): the inbox answers `open` open questions. */
function renderWithOpen(open: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith(apiPath(questionRoutes.inbox, { query: { state: 'open' } })))
        throw new Error(`unexpected request ${url}`);
      const body = {
        questions: [],
        total: open,
        page: 1,
        pageSize: 50,
        counts: { open, answered: 0, published: 0 },
        firms: [],
      };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OpenQuestionsSummary />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test('questions waiting for an answer are counted on the dashboard, with the way to the inbox', async () => {
  renderWithOpen(2);
  expect(await screen.findByText('2 questions wait for your answer.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Answer' }).getAttribute('href')).toBe('/admin/questions');
});

test('with none waiting, the dashboard says nothing of them', async () => {
  const { container } = renderWithOpen(0);
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  await act(async () => {}); // the answer is read and rendered
  expect(container.textContent).toBe('');
});
