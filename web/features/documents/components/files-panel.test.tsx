import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { DocumentListItem } from '#shared/contracts/documents';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import { FilesPanel, type FilesPanelPage } from './files-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  // Nor CSS.escape, which the focus after a delete uses to find the next row (its ids are UUIDs).
  if (typeof globalThis.CSS?.escape !== 'function')
    Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/["\\]/g, '\\$&') } });
});

const document = (id: string, title: string, sectionName: string | null): DocumentListItem => ({
  id,
  title,
  fileType: 'pdf',
  fileSize: '3584',
  sectionName,
  updatedAt: '2026-11-02T10:00:00.000Z',
  isUploaded: true,
  preview: { status: 'ready', kind: 'pages', failure: null },
  downloadPolicy: 'room',
  isDownloadAllowed: true,
  version: 1,
  pageCount: 3,
});

const termSheet = document('1e2d3c4b-5a69-4786-9a5b-4c3d2e1f0a9b', 'Term sheet.pdf', 'Legal documents');
const deck = document('2f3e4d5c-6b7a-4897-8b6c-5d4e3f2a1b0c', 'Pitch deck.pdf', null);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The room's documents as the server holds them: GET lists them, DELETE removes one; and its groups. */
function serveDocuments(initial: DocumentListItem[], groupNames: string[] = []) {
  let documents = initial;
  const deleted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && url === apiPath(documentRoutes.mine)) return json(200, documents);
      if (method === 'GET' && url === apiPath(groupRoutes.list) && groupNames.length > 0)
        return json(200, {
          groups: groupNames.map((name, index) => ({
            id: `9e8d7c6b-5a49-4382-9716-05f4e3d2c1b${index}`,
            name,
            isDefault: index === 0,
            isViewOnly: false,
          })),
          investors: [],
          sections: [],
        });
      const id = /^\/api\/documents\/([^/]+)$/.exec(url)?.[1];
      if (method === 'DELETE' && id) {
        documents = documents.filter((item) => item.id !== id);
        deleted.push(id);
        // As the server answers (its contract, shared/contracts/documents.ts): 204, no body.
        return new Response(null, { status: 204 });
      }
      // Other caches a delete invalidates (sections, the dashboard) are not shown here.
      return json(404, { error: 'not_found', message: `${method} ${url}` });
    }),
  );
  return deleted;
}

function renderPanel(page: FilesPanelPage, onDeleted = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  render(<FilesPanel page={page} sectionNames={['Legal documents']} onDeleted={onDeleted} />, { wrapper });
  return onDeleted;
}

const cases = [
  {
    page: 'configure',
    upload: 'Upload files',
    heading: 'Your files',
    list: 'Files',
    dialog: 'Delete this file?',
    asks: 'Are you sure you want to delete 1 file(s)?',
    confirm: 'Delete file',
  },
  {
    page: 'setupDataRoom',
    upload: 'Upload documents',
    heading: 'Uploaded documents',
    list: 'Uploaded documents',
    dialog: 'Delete this document?',
    asks: 'Are you sure you want to delete this document?',
    confirm: 'Delete document',
  },
] as const;

for (const copy of cases) {
  test(`on ${copy.page}: the same list and controls in the page's words, and a delete that asks first`, async () => {
    const deleted = serveDocuments([termSheet, deck]);
    const onDeleted = renderPanel(copy.page);

    expect(screen.getByRole('heading', { name: copy.upload })).toBeTruthy();
    expect(screen.getByRole('heading', { name: copy.heading })).toBeTruthy();
    const list = await screen.findByRole('list', { name: copy.list });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.includes('Term sheet.pdf'))).toEqual([true, false]);
    expect(rows[0]?.textContent).toContain('Legal documents');
    expect(rows[0]?.textContent).toContain('3.5 KB');
    // One component: both pages have search, selection, Copy link and Download.
    expect(screen.getByRole('searchbox', { name: 'Search files by title' })).toBeTruthy();
    expect(screen.getByLabelText('Select all')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link to Term sheet.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Term sheet.pdf' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Term sheet.pdf' }));
    const dialog = screen.getByRole('dialog', { name: copy.dialog });
    expect(dialog.textContent).toContain(copy.asks);
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: copy.confirm }));

    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith([termSheet.id]));
    expect(deleted).toEqual([termSheet.id]);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: copy.list })).getAllByRole('listitem')).toHaveLength(1),
    );
  });
}

test('a file in no section says who reads it, by how many groups the room has', async () => {
  serveDocuments([termSheet, deck], ['All investors', 'Leads']);
  renderPanel('configure');
  const list = await screen.findByRole('list', { name: 'Files' });
  await waitFor(() => expect(list.textContent).toContain('Not in a section: only your team sees it'));
  cleanup();
  serveDocuments([termSheet, deck], ['All investors']);
  renderPanel('configure');
  const again = await screen.findByRole('list', { name: 'Files' });
  await waitFor(() =>
    expect(again.textContent).toContain('Not in a section: investors open it by its link only'),
  );
});

test('with nothing uploaded, each page says so in its own words', async () => {
  serveDocuments([]);
  renderPanel('setupDataRoom');
  expect(await screen.findByText('No documents yet. Upload your first file here.')).toBeTruthy();
  expect(screen.getByText('0 documents in your data room.')).toBeTruthy();
  cleanup();
  renderPanel('configure');
  expect(await screen.findByText('No files yet. Upload your first file above.')).toBeTruthy();
});
