import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { DocumentListItem } from '#shared/contracts/documents';
import { documentRoutes } from '#shared/contracts/documents';
import type { PreviewState } from '#shared/contracts/previews';
import { roomRoutes } from '#shared/contracts/rooms';
import { refetchIntervalFor } from '#web/features/documents/api/document-hooks';
import type { UnlinkedReaders } from './document-row';
import { FileList } from './file-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The router and the query client the list's own controls ("Allow download") use. */
function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const document = (
  id: string,
  title: string,
  fileSize: string,
  sectionName: string | null,
  preview: PreviewState = { status: 'ready', kind: 'pages', failure: null },
  pageCount: number | null = null,
): DocumentListItem => ({
  id,
  title,
  fileType: title.endsWith('.pdf') ? 'pdf' : 'excel',
  fileSize,
  sectionName,
  updatedAt: '2026-11-02T10:00:00.000Z',
  isUploaded: true,
  preview,
  downloadPolicy: 'room',
  isDownloadAllowed: true,
  version: 1,
  pageCount,
});

const documents = [
  document('1', 'Pitch deck.pdf', '183500', 'Financial information'),
  document('2', 'Financial model.xlsx', '2400000', 'Financial information', {
    status: 'preparing',
    kind: 'pages',
    failure: null,
  }),
  document('3', 'Cap table.xlsx', '512', null, {
    status: 'failed',
    kind: 'pages',
    failure: { code: 'conversion_failed', message: 'This file could not be converted' },
  }),
];

function renderList(unlinkedReaders?: UnlinkedReaders) {
  const onDelete = vi.fn();
  const onCopyLink = vi.fn();
  const onRetryPreview = vi.fn();
  render(
    <FileList
      documents={documents}
      unlinkedReaders={unlinkedReaders}
      downloading={new Set(['3'])}
      onCopyLink={onCopyLink}
      onDownload={vi.fn()}
      onDelete={onDelete}
      onRetryPreview={onRetryPreview}
    />,
    { wrapper: Providers },
  );
  return { onDelete, onCopyLink, onRetryPreview };
}

const rows = () => within(screen.getByRole('list', { name: 'Files' })).getAllByRole('listitem');

test('each file shows its size in units and its section, and no badge that says only "Uploaded"', () => {
  renderList();
  const [deck, model, cap] = rows().map((row) => row.textContent ?? '');
  expect(deck).toContain('179.2 KB');
  expect(model).toContain('2.3 MB');
  expect(cap).toContain('512 B');
  expect(cap).toContain('Not in a section');
  expect(deck).not.toContain('Uploaded');
});

test('every action is named in words on its button, and a phone reaches them through one Actions button', () => {
  renderList();
  const deck = within(rows()[0] as HTMLElement);
  for (const word of ['Rename', 'Copy link', 'Versions', 'Analytics', 'Download', 'Delete']) {
    expect(deck.getByText(word, { exact: true })).toBeTruthy();
  }
  const actions = deck.getByRole('button', { name: 'Actions for Pitch deck.pdf' });
  expect(actions.getAttribute('aria-expanded')).toBe('false');
  const list = globalThis.document.getElementById(actions.getAttribute('aria-controls') ?? '');
  expect(list?.className).toMatch(/(^| )hidden( |$)/);
  expect(list?.className).toContain('sm:flex');
  fireEvent.click(actions);
  expect(actions.getAttribute('aria-expanded')).toBe('true');
  expect(list?.className).not.toMatch(/(^| )hidden( |$)/);
  expect(list?.contains(deck.getByRole('button', { name: 'Delete Pitch deck.pdf' }))).toBe(true);
  // Escape folds it back and gives focus to its button.
  deck.getByRole('button', { name: 'Delete Pitch deck.pdf' }).focus();
  fireEvent.keyDown(globalThis.document, { key: 'Escape' });
  expect(actions.getAttribute('aria-expanded')).toBe('false');
  expect(globalThis.document.activeElement).toBe(actions);
});

test('Rename sends the new title and closes; an unchanged or empty title cannot be saved', async () => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(
        JSON.stringify({ ...document('1', 'Seed deck', '183500', null), fileType: 'pdf' }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
  renderList();
  fireEvent.click(screen.getByRole('button', { name: 'Rename Pitch deck.pdf' }));
  const dialog = screen.getByRole('dialog', { name: 'Rename file' });
  const field = within(dialog).getByLabelText('Title') as HTMLInputElement;
  const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(field.value).toBe('Pitch deck.pdf');
  expect(save.disabled).toBe(true);
  fireEvent.change(field, { target: { value: '   ' } });
  expect(save.disabled).toBe(true);
  fireEvent.change(field, { target: { value: '  Seed deck ' } });
  fireEvent.click(save);
  await waitFor(() =>
    expect(sent).toEqual([
      { url: apiPath(documentRoutes.rename, { params: { id: '1' } }), body: { title: 'Seed deck' } },
    ]),
  );
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename file' })).toBeNull());
});

test('a file in no section says who reads it: only the team once the room has a second group, else investors by its link', () => {
  renderList('team-only');
  const [deck, , cap] = rows();
  expect(cap?.textContent).toContain('Not in a section: only your team sees it');
  expect(
    within(cap as HTMLElement)
      .getByText(/only your team/)
      .getAttribute('title'),
  ).toMatch(/more than one investor group, so a file in no section is shown to no investor/);
  expect(deck?.textContent).not.toContain('team');
  cleanup();
  renderList('every-investor');
  expect(rows()[2]?.textContent).toContain('Not in a section: investors open it by its link only');
});

test('the title filter narrows the list, and says so when nothing matches', () => {
  renderList();
  const search = screen.getByLabelText('Search files by title');
  fireEvent.change(search, { target: { value: 'XLSX' } });
  expect(rows().map((row) => row.textContent)).toEqual([
    expect.stringContaining('Financial model.xlsx'),
    expect.stringContaining('Cap table.xlsx'),
  ]);
  expect(screen.getByText('(2 of 3)')).toBeTruthy();
  fireEvent.change(search, { target: { value: 'board minutes' } });
  expect(screen.getByText('No files match “board minutes”.')).toBeTruthy();
});

test('select-all selects the files shown, Delete (n) hands over exactly those, and a delete clears it', () => {
  const { onDelete } = renderList();
  expect(screen.queryByRole('button', { name: /^Delete \(/ })).toBeNull();
  fireEvent.change(screen.getByLabelText('Search files by title'), { target: { value: 'xlsx' } });
  fireEvent.click(screen.getByLabelText('Select all'));
  fireEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));
  expect(onDelete).toHaveBeenCalledTimes(1);
  const [chosen, clear] = onDelete.mock.calls[0] as [DocumentListItem[], () => void];
  expect(chosen.map((file) => file.id)).toEqual(['2', '3']);

  // The filter cleared: the hidden deck was never selected, and clear() empties the selection.
  fireEvent.change(screen.getByLabelText('Search files by title'), { target: { value: '' } });
  expect(screen.getByRole('button', { name: 'Delete (2)' })).toBeTruthy();
  expect((screen.getByLabelText('Select all') as HTMLInputElement).indeterminate).toBe(true);
  act(() => clear());
  expect(screen.queryByRole('button', { name: /^Delete \(/ })).toBeNull();
});

test('per-file checkboxes count one by one, and selecting all of them checks select-all', () => {
  renderList();
  fireEvent.click(screen.getByLabelText('Select Pitch deck.pdf'));
  expect(screen.getByRole('button', { name: 'Delete (1)' })).toBeTruthy();
  fireEvent.click(screen.getByLabelText('Select Financial model.xlsx'));
  fireEvent.click(screen.getByLabelText('Select Cap table.xlsx'));
  expect((screen.getByLabelText('Select all') as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByLabelText('Select all'));
  expect(screen.queryByRole('button', { name: /^Delete \(/ })).toBeNull();
});

test('copy link and a running download are per file', () => {
  const { onCopyLink } = renderList();
  fireEvent.click(screen.getByRole('button', { name: 'Copy link to Financial model.xlsx' }));
  expect(onCopyLink).toHaveBeenCalledWith(documents[1]);
  expect(
    (screen.getByRole('button', { name: 'Download Cap table.xlsx' }) as HTMLButtonElement).disabled,
  ).toBe(true);
  expect(
    (screen.getByRole('button', { name: 'Download Pitch deck.pdf' }) as HTMLButtonElement).disabled,
  ).toBe(false);
});

test("each file shows its preview's state, and Retry only beside a failure, in words", () => {
  const { onRetryPreview } = renderList();
  const [deck, model, cap] = rows();
  expect(deck?.textContent).toContain('Ready');
  expect(model?.textContent).toContain('Preparing preview');
  expect(cap?.textContent).toContain('This file could not be converted');
  expect(screen.getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
  fireEvent.click(screen.getByRole('button', { name: 'Retry preparing the preview of Cap table.xlsx' }));
  expect(onRetryPreview).toHaveBeenCalledWith(documents[2]);
});

test('an archive, ready only to be downloaded, says so', () => {
  render(
    <Providers>
      <FileList
        documents={[
          document('4', 'Data.zip', '64', null, { status: 'ready', kind: 'download-only', failure: null }),
        ]}
        downloading={new Set()}
        onCopyLink={vi.fn()}
        onDownload={vi.fn()}
        onDelete={vi.fn()}
      />
    </Providers>,
  );
  expect(rows()[0]?.textContent).toContain('Download only');
  expect(rows()[0]?.textContent).not.toContain('Ready');
});

test('a prepared file says how many pages it has, a workbook how many sheets; one still prepared says neither', () => {
  const ready = { status: 'ready', kind: 'pages', failure: null } as const;
  render(
    <Providers>
      <FileList
        documents={[
          document('5', 'Deck.pdf', '64', null, ready, 12),
          document('6', 'Model.xlsx', '64', null, ready, 3),
          document('7', 'Memo.pdf', '64', null, ready, 1),
          document('8', 'Plan.pdf', '64', null, { status: 'preparing', kind: 'pages', failure: null }),
        ]}
        downloading={new Set()}
        onCopyLink={vi.fn()}
        onDownload={vi.fn()}
        onDelete={vi.fn()}
      />
    </Providers>,
  );
  const [deck, model, memo, plan] = rows().map((row) => row?.textContent ?? '');
  expect(deck).toContain('12 pages');
  expect(model).toContain('3 sheets');
  expect(model).not.toContain('pages');
  expect(memo).toContain('1 page');
  expect(plan).not.toMatch(/\d+ (pages?|sheets?)/);
});

test('the list is fetched again every few seconds while a file is being prepared, and not otherwise', () => {
  expect(refetchIntervalFor(documents)).toBe(3000);
  expect(refetchIntervalFor([documents[0] as DocumentListItem, documents[2] as DocumentListItem])).toBe(
    false,
  );
  expect(refetchIntervalFor(undefined)).toBe(false);
});

test('each uploaded file links to its reading analytics', () => {
  renderList();
  const link = screen.getByRole('link', { name: 'Reading analytics of Pitch deck.pdf' });
  expect(link.getAttribute('href')).toBe('/admin/analytics/documents/1');
});

test('each file has its "Allow download"; a view-only file says "View only", and a choice is sent to the server', async () => {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      // The room's own default, for the first choice's words.
      if (url === apiPath(roomRoutes.mine))
        return new Response(
          JSON.stringify({
            id: 'room-1',
            companyName: 'Northwind',
            description: '',
            stage: 'Seed',
            foundedYear: null,
            website: '',
            isActive: true,
            isDownloadAllowed: false,
            isWatermarkEnabled: false,
            isNdaRequired: false,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      sent.push({ url, body: JSON.parse(String(init.body)) });
      const saved = {
        ...document('1', 'Pitch deck.pdf', '183500', null),
        downloadPolicy: 'view_only',
        isDownloadAllowed: false,
      };
      return new Response(JSON.stringify(saved), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <Providers>
      <FileList
        documents={[
          document('1', 'Pitch deck.pdf', '183500', null),
          {
            ...document('2', 'Financial model.xlsx', '64', null),
            downloadPolicy: 'view_only',
            isDownloadAllowed: false,
          },
          {
            ...document('3', 'Cap table.xlsx', '64', null),
            downloadPolicy: 'room',
            isDownloadAllowed: false,
          },
        ]}
        downloading={new Set()}
        onCopyLink={vi.fn()}
        onDownload={vi.fn()}
        onDelete={vi.fn()}
      />
    </Providers>,
  );
  // The badge, beside the others: on a file's own choice, and on a file that follows a view-only room.
  const viewOnlyBadges = rows().map(
    (row) => row.querySelectorAll('[title="Investors read it in the viewer only"]').length,
  );
  expect(viewOnlyBadges).toEqual([0, 1, 1]);
  expect(rows()[1]?.querySelector('[title="Investors read it in the viewer only"]')?.textContent).toBe(
    'View only',
  );
  const select = screen.getByRole('combobox', {
    name: 'Allow download for Pitch deck.pdf',
  }) as HTMLSelectElement;
  expect(select.value).toBe('room');
  await waitFor(() =>
    expect([...select.options].map((option) => option.text)).toEqual([
      'Room (view only)',
      'Allowed',
      'View only',
    ]),
  );
  fireEvent.change(select, { target: { value: 'view_only' } });
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    url: apiPath(documentRoutes.setDownloadPolicy, { params: { id: '1' } }),
    body: { policy: 'view_only' },
  });
});
