import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import type { ShareLink } from '#shared/contracts/share-links';
import { ShareLinksPanel } from './share-links-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const GROUP = '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d';
const link: ShareLink = {
  id: 'c4a3b1de-0000-4000-8000-000000000001',
  name: 'Cold outreach, March',
  groupId: GROUP,
  allowedDomains: null,
  requiresApproval: false,
  expiresAt: null,
  maxReaders: null,
  namesTheRoom: true,
  isDisabled: false,
  state: 'open',
  readerCount: 0,
  createdAt: '2026-11-20T09:00:00.000Z',
  readers: [],
};

/** The panel over a room with one group and one link; each write is recorded with its body. */
function renderPanel() {
  const writes: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if ((init.method ?? 'GET') === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        writes.push({ url, body });
        return url.endsWith('/share-links')
          ? json({ link: { ...link, ...body }, url: 'https://roundroom.test/share/x' }, 201)
          : json({ ...link, ...body });
      }
      if (url.startsWith('/api/my-data-room/groups'))
        return json({
          groups: [{ id: GROUP, name: 'All investors', isDefault: true, isViewOnly: false }],
          investors: [],
          sections: [],
        });
      return json({ links: [link] });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ShareLinksPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return writes;
}

const NAMES_THE_ROOM = 'Show the company’s name and the founder’s first name on the link’s page';

test('a new link names the room unless the founder turns the switch off before making it', async () => {
  const writes = renderPanel();
  const form = await screen.findByRole('form', { name: 'New share link' });
  const option = within(form).getByRole('switch', { name: NAMES_THE_ROOM });
  expect(option.getAttribute('aria-checked')).toBe('true');
  fireEvent.change(within(form).getByLabelText('Link name'), { target: { value: 'Warm intros' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Make share link' }));
  await waitFor(() => expect(writes).toHaveLength(1));
  expect(writes[0]?.body).toMatchObject({ name: 'Warm intros', namesTheRoom: true });

  fireEvent.click(option);
  expect(option.getAttribute('aria-checked')).toBe('false');
  fireEvent.change(within(form).getByLabelText('Link name'), { target: { value: 'Unnamed outreach' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Make share link' }));
  await waitFor(() => expect(writes).toHaveLength(2));
  expect(writes[1]?.body).toMatchObject({ name: 'Unnamed outreach', namesTheRoom: false });
});

test("a link's switch turns the company's name off its page, and nothing else", async () => {
  const writes = renderPanel();
  const card = await screen.findByRole('region', { name: 'Cold outreach, March' });
  const option = within(card).getByRole('switch', { name: 'Show the company’s name' });
  expect(option.getAttribute('aria-checked')).toBe('true');
  fireEvent.click(option);
  await waitFor(() => expect(writes).toHaveLength(1));
  expect(writes[0]).toEqual({
    url: `/api/my-data-room/share-links/${link.id}`,
    body: { namesTheRoom: false },
  });
});
