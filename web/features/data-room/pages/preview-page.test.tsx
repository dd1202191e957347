import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes, type RoomGroups } from '#shared/contracts/groups';
import { type RoomPreview, roomPreviewRoutes } from '#shared/contracts/room-preview';
import { roomRoutes } from '#shared/contracts/rooms';
import type { Section } from '#shared/sections-markdown';
import { dataRoomKeys } from '#web/lib/query-keys';
import { OwnRoomPreview } from './preview-page';

const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const DILIGENCE = '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d';
const DECK = '11111111-1111-4111-8111-111111111111';
const MODEL = '22222222-2222-4222-8222-222222222222';
const AT = '2026-11-20T10:00:00.000Z';

const doc = (documentId: string, title: string, line: number) => ({
  title,
  url: apiPath(documentRoutes.download, { params: { id: documentId } }),
  isUploaded: true,
  documentId,
  fileType: 'pdf' as const,
  line,
});
const section = (id: number, name: string, documents: Section['documents']): Section => ({
  id,
  name,
  description: `${name} documentation and files`,
  icon: 'chart-line',
  documents,
  lines: { start: id, end: id },
});
const PITCH = section(1, 'Pitch', [doc(DECK, 'Deck', 2)]);
const FINANCIALS = section(2, 'Financials', [doc(MODEL, 'Model', 4)]);
const LEGAL = section(3, 'Legal', []);

/** The server's answers: All investors see Pitch (and an empty Legal); Diligence sees Financials too. */
function previewAs(as: string): RoomPreview {
  const diligence = as === `group:${DILIGENCE}`;
  const sections = diligence ? [PITCH, FINANCIALS, LEGAL] : [PITCH, { ...LEGAL, id: 2 }];
  return {
    audience: { as, label: diligence ? 'Diligence' : 'All investors' },
    accessEnded: false,
    dataRoom: {
      id: ROOM,
      companyName: 'Acme',
      name: 'Acme',
      description: '',
      companyDescription: '',
      stage: 'Seed',
      fundingStage: 'Seed',
      foundedYear: null,
      website: '',
      isActive: true,
      updatedAt: AT,
    },
    sections,
    documents: [],
    allSections: [
      { ...PITCH, hiddenFrom: [], isEmpty: false, isSeen: true },
      { ...FINANCIALS, hiddenFrom: ['All investors'], isEmpty: false, isSeen: diligence },
      { ...LEGAL, hiddenFrom: [], isEmpty: true, isSeen: false },
    ],
  };
}

const GROUPS: RoomGroups = {
  groups: [
    { id: ROOM, name: 'All investors', isDefault: true, isViewOnly: false },
    { id: DILIGENCE, name: 'Diligence', isDefault: false, isViewOnly: false },
  ],
  investors: [{ email: 'ian@insider.vc', groupId: DILIGENCE, accessExpiresAt: null }],
  sections: [],
};

/** The browser's network (not ours): every audience the page asked the preview for. */
let askedAs: string[];
beforeEach(() => {
  askedAs = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [path, query = ''] = url.split('?');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (path === apiPath(roomRoutes.mine))
        return json({
          id: ROOM,
          companyName: 'Acme',
          description: '',
          stage: 'Seed',
          foundedYear: null,
          website: '',
          isActive: true,
          isDownloadAllowed: true,
          isWatermarkEnabled: false,
          isNdaRequired: false,
        });
      if (path === apiPath(groupRoutes.list)) return json(GROUPS);
      if (path === apiPath(roomPreviewRoutes.preview)) {
        const as = new URLSearchParams(query).get('as') ?? 'all';
        askedAs.push(as);
        return json(previewAs(as));
      }
      throw new Error(`unexpected request ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPreview(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/preview', element: <OwnRoomPreview /> }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

const cardNames = () =>
  within(screen.getByRole('region', { name: 'Sections' }))
    .getAllByRole('button')
    .map((card) => card.textContent ?? '');

test('by default, exactly what All investors see: no hidden section, no empty one, no mark', async () => {
  renderPreview('/preview');
  expect(await screen.findByText(/This is your data room as/)).toBeTruthy();
  expect(screen.getByText('All investors', { selector: 'strong' })).toBeTruthy();
  const cards = cardNames().join('|');
  expect(cards).toContain('Pitch');
  expect(cards).not.toContain('Financials');
  expect(cards).not.toContain('Legal');
  expect(screen.queryByText(/Hidden from|Empty: nobody/)).toBeNull();
  expect(askedAs).toEqual(['all']);
});

test('"Preview as" a group asks for it, puts it in the address and says whose view it is', async () => {
  const { router } = renderPreview('/preview');
  const picker = (await screen.findByLabelText('Preview as')) as HTMLSelectElement;
  await screen.findByRole('option', { name: 'Diligence' });
  expect(screen.getByRole('option', { name: 'ian@insider.vc (Diligence)' })).toBeTruthy();
  fireEvent.change(picker, { target: { value: `group:${DILIGENCE}` } });
  await waitFor(() => expect(router.state.location.search).toBe(`?as=group%3A${DILIGENCE}`));
  expect(await screen.findByText('Diligence', { selector: 'strong' })).toBeTruthy();
  await waitFor(() => expect(cardNames().join('|')).toContain('Financials'));
  expect(cardNames().join('|')).not.toContain('Legal');
  expect(askedAs).toEqual(['all', `group:${DILIGENCE}`]);
});

test('the marks show every section, each one the audience does not see marked with who cannot see it', async () => {
  renderPreview('/preview?marks=1');
  const financials = await screen.findByRole('button', { name: /Financials.*Hidden from All investors/ });
  expect(financials).toBeTruthy();
  expect(screen.getByRole('button', { name: /Legal.*Empty: nobody sees it/ })).toBeTruthy();
  expect(screen.getByRole('button', { name: /^Pitch 1 document$/ })).toBeTruthy();
  expect((screen.getByLabelText('Show hidden and empty sections') as HTMLInputElement).checked).toBe(true);
  expect(screen.getByText(/Marked sections are shown to you only/)).toBeTruthy();
});

test('an audience that sees no section is told why, and the marks are the way to see them', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (path === apiPath(roomRoutes.mine))
        return json({
          id: ROOM,
          companyName: 'Acme',
          description: '',
          stage: 'Seed',
          foundedYear: null,
          website: '',
          isActive: true,
          isDownloadAllowed: true,
          isWatermarkEnabled: false,
          isNdaRequired: false,
        });
      if (path === apiPath(groupRoutes.list)) return json(GROUPS);
      const starter = previewAs('all');
      return json({
        ...starter,
        sections: [{ ...LEGAL, id: 1 }],
        allSections: [{ ...LEGAL, id: 1, hiddenFrom: [], isEmpty: true, isSeen: false }],
      });
    }),
  );
  renderPreview('/preview');
  expect(await screen.findByText(/They see no section yet/)).toBeTruthy();
  expect(screen.getByText('No sections have been published yet.')).toBeTruthy();
});

/** The fetch stub above, with the founder's room held back until `release` is called. */
function holdingTheRoom() {
  const answer = vi.mocked(fetch).getMockImplementation();
  if (!answer) throw new Error('fetch is not stubbed');
  let release = () => {};
  const roomAnswered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  vi.mocked(fetch).mockImplementation(async (url, init) => {
    const path = String(url).split('?')[0] ?? '';
    asked.push(path);
    if (path === apiPath(roomRoutes.mine)) await roomAnswered;
    return answer(url, init);
  });
  return { asked, release };
}

test('the preview and its audiences are asked for beside the room, not after its answer', async () => {
  const { asked, release } = holdingTheRoom();
  renderPreview('/preview');
  // On a slow phone every answer waited for before the next is asked is a round trip more.
  await waitFor(() =>
    expect(asked.toSorted()).toEqual(
      [apiPath(roomRoutes.mine), apiPath(groupRoutes.list), apiPath(roomPreviewRoutes.preview)].toSorted(),
    ),
  );
  expect(screen.queryByText(/This is your data room as/)).toBeNull();
  release();
  expect(await screen.findByText(/This is your data room as/)).toBeTruthy();
});

test('someone without a room of their own is told so, even when the preview refuses before the room does', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'forbidden', message: 'You do not manage a data room.' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const { release } = holdingTheRoom();
  const { client } = renderPreview('/preview');
  // The preview's refusal has come, and the page has drawn what it knows (the query's listeners are told
  // on the next task); the room's answer, which decides what the page says, has not come.
  await waitFor(() => expect(client.getQueryState(dataRoomKeys.preview('all'))?.status).toBe('error'));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.queryByText('Something went wrong')).toBeNull();
  release();
  expect(
    await screen.findByRole('heading', { name: 'You do not have a data room of your own' }),
  ).toBeTruthy();
});
