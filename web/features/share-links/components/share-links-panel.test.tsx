import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { groupRoutes } from '#shared/contracts/groups';
import type { ShareLink } from '#shared/contracts/share-links';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { ShareLinksPanel } from './share-links-panel';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

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
  addressKept: true,
  waitingCount: 0,
  readers: [],
  document: null,
  moreReaders: null,
};
const ADDRESS = 'https://roundroom.test/share/kept-address';
const NEW_ADDRESS = 'https://roundroom.test/share/new-address';

/** The panel over a room with one group and one link; each write is recorded with its body. */
function renderPanel(shown: ShareLink = link, createAnswer?: Response) {
  const writes: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/address')) return json({ url: ADDRESS });
      if (url.includes('/readers?after=')) {
        writes.push({ url, body: {} });
        return json({ readers: [reader('last@fund.example', 'admitted')], moreReaders: null });
      }
      if (url.endsWith('/new-address')) {
        writes.push({ url, body: {} });
        return json({ link: { ...shown, addressKept: true }, url: NEW_ADDRESS });
      }
      if ((init.method ?? 'GET') === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        if (createAnswer && url.endsWith('/share-links')) return createAnswer;
        writes.push({ url, body });
        return url.endsWith('/share-links')
          ? json({ link: { ...link, ...body }, url: 'https://roundroom.test/share/x' }, 201)
          : json({ ...link, ...body });
      }
      if (url.startsWith(apiPath(groupRoutes.list)))
        return json({
          groups: [{ id: GROUP, name: 'All investors', isDefault: true, isViewOnly: false }],
          investors: [],
          sections: [],
        });
      return json({ links: [shown] });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ShareLinksPanel />
        <Toaster />
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
    url: apiPath(shareLinkRoutes.update, { params: { id: link.id } }),
    body: { namesTheRoom: false },
  });
});

/** A clipboard that takes what it is given, or none at all (an http page, a refused permission). */
function stubClipboard(works: boolean) {
  const copied: string[] = [];
  vi.stubGlobal('isSecureContext', works);
  vi.stubGlobal('navigator', {
    ...navigator,
    clipboard: works ? { writeText: async (text: string) => void copied.push(text) } : undefined,
  });
  return copied;
}

test('nothing says the link is shown only once; each link copies its address again, with "Link copied"', async () => {
  const copied = stubClipboard(true);
  renderPanel();
  const card = await screen.findByRole('region', { name: 'Cold outreach, March' });
  expect(document.body.textContent).not.toMatch(/only this once/);
  fireEvent.click(within(card).getByRole('button', { name: /^Copy link to / }));
  expect(await screen.findByText('Link copied')).toBeTruthy();
  expect(copied).toEqual([ADDRESS]);
  fireEvent.click(within(card).getByRole('button', { name: /^Copy link to / }));
  await waitFor(() => expect(copied).toEqual([ADDRESS, ADDRESS]));
});

test('where the clipboard is unavailable, the address is shown to select', async () => {
  stubClipboard(false);
  renderPanel();
  const card = await screen.findByRole('region', { name: 'Cold outreach, March' });
  fireEvent.click(within(card).getByRole('button', { name: /^Copy link to / }));
  const field = await within(card).findByRole('textbox', { name: 'Address of Cold outreach, March' });
  expect((field as HTMLInputElement).value).toBe(ADDRESS);
});

test('New address asks first, then makes and copies a new address', async () => {
  const copied = stubClipboard(true);
  const writes = renderPanel();
  const card = await screen.findByRole('region', { name: 'Cold outreach, March' });
  fireEvent.click(within(card).getByRole('button', { name: /^New address for / }));
  const dialog = await screen.findByRole('dialog', { name: 'Give “Cold outreach, March” a new address?' });
  expect(dialog.textContent).toMatch(/stops letting anyone in/);
  expect(writes).toEqual([]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'New address' }));
  await waitFor(() => expect(copied).toEqual([NEW_ADDRESS]));
  expect(writes).toEqual([
    { url: apiPath(shareLinkRoutes.newAddress, { params: { id: link.id } }), body: {} },
  ]);
});

test('a link whose address was not kept offers only a new address, and says why', async () => {
  renderPanel({ ...link, addressKept: false });
  const card = await screen.findByRole('region', { name: 'Cold outreach, March' });
  expect(within(card).queryByRole('button', { name: /^Copy link to / })).toBeNull();
  expect(card.textContent).toMatch(/made before addresses were kept/);
  expect(within(card).getByRole('button', { name: /^New address for / })).toBeTruthy();
});

test('a name already taken in the room is said in the form, naming it', async () => {
  const message = 'name: this room already has a link named "Cold outreach, March". Choose another name.';
  renderPanel(link, json({ error: 'share_link_name_taken', message, field: 'name' }, 409));
  const form = await screen.findByRole('form', { name: 'New share link' });
  fireEvent.change(within(form).getByLabelText('Link name'), { target: { value: 'Cold outreach, March' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Make share link' }));
  expect((await within(form).findByRole('alert')).textContent).toMatch(/"Cold outreach, March"/);
});

const reader = (email: string, state: 'pending' | 'admitted' | 'refused') => ({
  id: crypto.randomUUID(),
  email,
  state,
  createdAt: '2026-11-21T09:00:00.000Z',
  forwardedFrom: null,
});

test('a link with more readers than a page shows "Show more readers", which adds the next page below', async () => {
  const writes = renderPanel({
    ...link,
    readerCount: 61,
    waitingCount: 12,
    readers: [reader('waiting@fund.example', 'pending'), reader('first@fund.example', 'admitted')],
    moreReaders: '1.1763715600000.c4a3b1de-0000-4000-8000-000000000009',
  });
  const card = await screen.findByRole('region', { name: 'Cold outreach, March' });
  // The badge counts everyone waiting, not only those on the first page.
  expect(within(card).getByText('12 waiting')).toBeTruthy();
  expect(within(card).getByText('first@fund.example')).toBeTruthy();
  fireEvent.click(within(card).getByRole('button', { name: 'Show more readers' }));
  expect(await within(card).findByText('last@fund.example')).toBeTruthy();
  expect(within(card).getByText('first@fund.example')).toBeTruthy();
  expect(within(card).queryByRole('button', { name: 'Show more readers' })).toBeNull();
  expect(writes).toEqual([
    {
      url: apiPath(shareLinkRoutes.readers, {
        params: { id: link.id },
        query: { after: '1.1763715600000.c4a3b1de-0000-4000-8000-000000000009' },
      }),
      body: {},
    },
  ]);
});
