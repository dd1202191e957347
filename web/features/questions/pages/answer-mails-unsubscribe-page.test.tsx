import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { questionRoutes } from '#shared/contracts/questions';
import { AnswerMailsUnsubscribePage } from './answer-mails-unsubscribe-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

test('opening the link changes nothing; Unsubscribe posts the token and says new answers still show in the room', async () => {
  const token = 'A'.repeat(43);
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const details = {
        companyName: 'Acme',
        email: 'ada@fund.example',
        isUnsubscribed: init.method === 'POST',
      };
      if (init.method === 'POST') {
        expect(url).toBe(apiPath(questionRoutes.unsubscribeAnswerMails));
        posted.push(JSON.parse(String(init.body)));
      } else expect(url).toBe(apiPath(questionRoutes.answerMailsUnsubscribeDetails, { query: { token } }));
      return json(details);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/unsubscribe/answers?token=${token}`]}>
        <AnswerMailsUnsubscribePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(await screen.findByText(/that tell you your questions in the/)).toBeTruthy();
  expect(posted).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByText('You are unsubscribed')).toBeTruthy();
  expect(screen.getByText(/New answers still show in the data room's Questions/)).toBeTruthy();
  expect(posted).toEqual([{ token }]);
});
