import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { SearchAnalytics } from '#shared/contracts/search';
import { searchRoutes } from '#shared/contracts/search';
import { SearchesPanel } from './searches-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const AT = '2026-11-25T09:30:00.000Z';
const none: SearchAnalytics = { areQueriesVisible: true, searchCount: 0, top: [], notFound: [], recent: [] };
const searched: SearchAnalytics = {
  areQueriesVisible: true,
  searchCount: 12,
  top: [
    { query: 'churn', count: 5, readers: 3, lastSearchedAt: AT },
    { query: 'burn rate', count: 2, readers: 1, lastSearchedAt: AT },
  ],
  notFound: [{ query: 'option pool', count: 2, readers: 2, lastSearchedAt: AT }],
  recent: [
    {
      reader: 'Ivy Investor',
      email: 'ivy@fund.example',
      query: 'option pool',
      resultCount: 0,
      searchedAt: AT,
    },
    { reader: 'sam@fund.example', email: 'sam@fund.example', query: null, resultCount: 3, searchedAt: AT },
  ],
};

/** The server: the analytics given, and the setting, which a POST changes (as the analytics then say). */
function serve(analytics: SearchAnalytics) {
  let current = analytics;
  const saved: unknown[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === apiPath(searchRoutes.analytics)) return json(current);
      if (url === apiPath(searchRoutes.settings) && (init.method ?? 'GET') === 'GET')
        return json({ areQueriesVisible: current.areQueriesVisible });
      if (url === apiPath(searchRoutes.saveSettings)) {
        const body = JSON.parse(String(init.body)) as { areQueriesVisible: boolean };
        saved.push(body);
        current = { ...current, areQueriesVisible: body.areQueriesVisible };
        return json(body);
      }
      return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
  return saved;
}

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SearchesPanel />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Searches' });
}

test('before anyone searched, the panel says what will appear in it', async () => {
  serve(none);
  const panel = renderPanel();
  expect(
    await within(panel).findByText('When investors search the room, the words they look for appear here.'),
  ).toBeTruthy();
  expect(within(panel).queryByRole('table')).toBeNull();
});

test('a list still empty says what will appear in it', async () => {
  serve({ ...searched, notFound: [] });
  const panel = renderPanel();
  const notFound = await within(panel).findByRole('region', { name: 'Searched, found nothing' });
  expect(notFound.textContent).toContain('When a search finds nothing, its words appear here');
});

test('the words searched most and those that found nothing, with searches, readers and when', async () => {
  serve(searched);
  const panel = renderPanel();
  const top = await within(panel).findByRole('region', { name: 'Top searches' });
  expect(panel.textContent).toContain('12 searches in all');
  const rows = within(top).getAllByRole('row');
  expect(rows.map((row) => row.textContent)).toEqual([
    'WordsSearchesReadersLast searched',
    expect.stringMatching(/^“churn”53/),
    expect.stringMatching(/^“burn rate”21/),
  ]);
  const notFound = within(panel).getByRole('region', { name: 'Searched, found nothing' });
  expect(within(notFound).getAllByRole('row')[1]?.textContent).toMatch(/^“option pool”22/);
});

test('the newest searches say who searched, the words (unless they were not kept) and what was found', async () => {
  serve(searched);
  const panel = renderPanel();
  const recent = await within(panel).findByRole('region', { name: 'Recent searches' });
  expect(
    within(recent)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual([
    'InvestorWordsFoundWhen',
    expect.stringMatching(/^Ivy Investor“option pool”Nothing/),
    expect.stringMatching(/^sam@fund\.exampleWords not kept3 results/),
  ]);
});

test('the switch saves at once, and turned off the panel says the words are not kept', async () => {
  const saved = serve(none);
  const panel = renderPanel();
  const toggle = await within(panel).findByRole('switch', { name: 'Show me the words investors search for' });
  await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
  expect(toggle.getAttribute('aria-checked')).toBe('true');
  expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
  expect(panel.textContent).toContain(
    'Investors are told under the search box whether you see what they type.',
  );

  fireEvent.click(toggle);
  await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  expect(saved).toEqual([{ areQueriesVisible: false }]);
  expect(await within(panel).findByText(/^The words investors search for are not kept/)).toBeTruthy();
});

test('turned off after investors searched, the words kept before are said to be from before', async () => {
  serve({ ...searched, areQueriesVisible: false, notFound: [] });
  const panel = renderPanel();
  expect(
    await within(panel).findByText(
      /not kept while the switch above is off.*searched before it was turned off/,
    ),
  ).toBeTruthy();
  expect(within(panel).getByRole('region', { name: 'Top searches' }).textContent).toContain('“churn”');
  expect(within(panel).getByRole('region', { name: 'Searched, found nothing' }).textContent).toContain(
    'No words kept: they are not kept while the switch is off.',
  );
});

test('a setting that could not be saved says so beside the switch, which stays as it was', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === apiPath(searchRoutes.analytics)) return json(none);
      if ((init.method ?? 'GET') === 'GET') return json({ areQueriesVisible: true });
      return json({ error: 'forbidden', message: 'Only the room’s founders may change this.' }, 403);
    }),
  );
  const panel = renderPanel();
  const toggle = await within(panel).findByRole('switch', { name: 'Show me the words investors search for' });
  await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
  fireEvent.click(toggle);
  expect((await within(panel).findByRole('alert')).textContent).toBe(
    'Could not save the setting: Only the room’s founders may change this.',
  );
  expect(toggle.getAttribute('aria-checked')).toBe('true');
});
