import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import { SectionsDraftProvider } from '#web/features/sections/sections-draft';
import { SectionsEditor } from './sections-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SAVED = '## Financials\n- [Model](https://example.com/model.xlsx)\n\n## Legal\n';

/** The server's side: the saved text and its version, each save checked against the version it names. */
function fakeServer(initial = SAVED) {
  let content = initial;
  let version = 1;
  const saves: { content: string; baseVersion: string }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === apiPath(roomRoutes.mySections)) return json({ content, version: `v${version}` });
    if (url === apiPath(documentRoutes.mine)) return json([]);
    if (url === apiPath(roomRoutes.saveSections) && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { content: string; baseVersion: string };
      saves.push(body);
      if (body.baseVersion !== `v${version}`)
        return json({ error: 'sections_changed', message: 'changed', content, version: `v${version}` }, 409);
      content = body.content;
      version += 1;
      return json({ message: 'Sections updated successfully', version: `v${version}` });
    }
    return json({ error: 'not_found', message: `No ${url}` }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { saves, content: () => content };
}

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SectionsDraftProvider>
        <SectionsEditor
          rows={20}
          saveLabel="Save Sections"
          messages={{ saved: 'Sections updated successfully', failed: 'Failed to update sections' }}
        />
      </SectionsDraftProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

test('a change in the structured editor saves at once, with one toast and an Undo that restores the text', async () => {
  const server = fakeServer();
  renderEditor();
  fireEvent.click(await screen.findByRole('button', { name: 'Move Model to another section' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move Model to Legal' }));
  await waitFor(() =>
    expect(server.content()).toBe('## Financials\n\n## Legal\n- [Model](https://example.com/model.xlsx)\n'),
  );
  // Saved against the version it was based on (ADR 30), with no Save button pressed.
  expect(server.saves).toEqual([{ content: server.content(), baseVersion: 'v1' }]);
  expect(screen.queryByRole('button', { name: 'Save Sections' })).toBeNull();
  const toast = await screen.findByText('Sections updated successfully');
  const toastItem = toast.closest('li') as HTMLElement;
  fireEvent.click(within(toastItem).getByRole('button', { name: 'Undo' }));
  await waitFor(() => expect(server.content()).toBe(SAVED));
  expect(server.saves.at(-1)).toEqual({ content: SAVED, baseVersion: 'v2' });
  // One toast at a time: the undo's replaced the change's.
  await waitFor(() => expect(screen.getAllByText('Sections updated successfully')).toHaveLength(1));
  expect(screen.getByText('The change was undone.')).toBeTruthy();
  expect(screen.getByText('All changes saved')).toBeTruthy();
});

test('two changes in a row are saved one after the other, each on the version the last one made', async () => {
  const server = fakeServer();
  renderEditor();
  fireEvent.click(await screen.findByRole('button', { name: 'Move Model to another section' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move Model to Legal' }));
  fireEvent.change(screen.getByLabelText('New section'), { target: { value: 'Team' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
  await waitFor(() =>
    expect(server.content()).toBe(
      '## Financials\n\n## Legal\n- [Model](https://example.com/model.xlsx)\n\n## Team {icon=folder}\n',
    ),
  );
  expect(server.saves.map((save) => save.baseVersion)).toEqual(['v1', 'v2']);
});

test('the markdown mode keeps its Save button, and saves only when it is pressed', async () => {
  const server = fakeServer();
  renderEditor();
  fireEvent.click(await screen.findByRole('button', { name: 'Edit as markdown' }));
  const textarea = screen.getByLabelText('Sections markdown');
  expect((textarea as HTMLTextAreaElement).value).toBe(SAVED);
  fireEvent.change(textarea, { target: { value: `${SAVED}\n## Team\n` } });
  expect(server.saves).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Save Sections' }));
  await waitFor(() => expect(server.content()).toBe(`${SAVED}\n## Team\n`));
});

test('an Undo offered in the structured editor goes with it: switching to markdown takes the toast away', async () => {
  const server = fakeServer();
  renderEditor();
  fireEvent.click(await screen.findByRole('button', { name: 'Move Model to another section' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move Model to Legal' }));
  await waitFor(() => expect(server.saves).toHaveLength(1));
  expect(await screen.findByRole('button', { name: 'Undo' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Edit as markdown' }));
  // An Undo left on screen would promise what nothing is there to do.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  expect(server.saves).toHaveLength(1);
});
