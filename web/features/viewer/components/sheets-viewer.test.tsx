import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath, type QueryValues } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import type { DocumentPreview, SheetPreview } from '#shared/contracts/previews';
import { previewRoutes } from '#shared/contracts/previews';
import { SheetsViewer } from './sheets-viewer';

const DOCUMENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
/** The viewer's addresses of the document, as it asks for them. */
const urls = {
  preview: apiPath(previewRoutes.preview, { params: { id: DOCUMENT_ID } }),
  text: apiPath(previewRoutes.text, { params: { id: DOCUMENT_ID } }),
  content: apiPath(previewRoutes.content, { params: { id: DOCUMENT_ID } }),
  download: apiPath(documentRoutes.download, { params: { id: DOCUMENT_ID } }),
};
const pageUrl = (page: number, query: QueryValues) =>
  apiPath(previewRoutes.page, { params: { id: DOCUMENT_ID, page }, query });

const sheets: SheetPreview[] = [
  { page: 1, name: 'Summary', width: 2133.4, height: 51.2 },
  { page: 2, name: 'P&L 2027', width: 400, height: 700.5 },
  { page: 3, name: 'Empty', width: 85.3, height: 0.04 },
];

const preview: DocumentPreview & { sheets: SheetPreview[] } = {
  status: 'ready',
  kind: 'pages',
  failure: null,
  documentId: DOCUMENT_ID,
  title: 'Model.xlsx',
  fileType: 'excel',
  pages: sheets.map((sheet) => ({ number: sheet.page, width: 1600, height: 100 })),
  sheets,
  narrowPages: null,
  hasText: true,
  isTextCut: false,
  downloadUrl: urls.download,
  replacedAt: null,
  isDownloadAllowed: false,
  downloadRefusal: 'view_only',
  watermark: null,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url !== urls.text) throw new Error(`unexpected request ${url}`);
      return new Response(
        JSON.stringify({
          pages: [
            { number: 1, text: 'Metric Revenue' },
            { number: 2, text: 'Line item 1' },
            { number: 3, text: '' },
          ],
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSheets(onPageChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SheetsViewer preview={preview} initialPage={1} onPageChange={onPageChange} />
    </QueryClientProvider>,
  );
  return onPageChange;
}

test('a workbook shows one tab per sheet, the first sheet whole at its own size, 1x and 2x', async () => {
  renderSheets();
  const tabs = screen.getAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Summary', 'P&L 2027', 'Empty']);
  expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
  const image = screen.getByRole('img', { name: 'Sheet Summary' }) as HTMLImageElement;
  expect(image.getAttribute('src')).toBe(pageUrl(1, { width: 800 }));
  expect(image.getAttribute('srcset')).toBe(
    `${pageUrl(1, { width: 800 })} 1x, ${pageUrl(1, { width: 1600 })} 2x`,
  );
  // Not shrunk to the screen: the frame around it scrolls.
  expect(image.style.width).toBe('2133.4px');
  expect(image.className).toContain('max-w-none');
  expect(screen.getByRole('tabpanel').className).toContain('overflow-auto');
  expect(await screen.findByText('Metric Revenue')).toBeTruthy();
});

test('a tab or the arrow keys show another sheet, and the reading reporter hears of it', async () => {
  const onPageChange = renderSheets();
  expect(onPageChange).toHaveBeenLastCalledWith(1);
  fireEvent.click(screen.getByRole('tab', { name: 'P&L 2027' }));
  expect(screen.getByRole('img', { name: 'Sheet P&L 2027' }).getAttribute('src')).toBe(
    pageUrl(2, { width: 800 }),
  );
  expect(onPageChange).toHaveBeenLastCalledWith(2);
  fireEvent.keyDown(screen.getByRole('tab', { name: 'P&L 2027' }), { key: 'ArrowRight' });
  expect(screen.getByRole('tab', { name: 'Empty' }).getAttribute('aria-selected')).toBe('true');
  expect(document.activeElement?.textContent).toBe('Empty');
  expect(screen.getByText('This sheet is empty.')).toBeTruthy();
  expect(screen.queryByRole('img')).toBeNull();
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Empty' }), { key: 'Home' });
  expect(onPageChange).toHaveBeenLastCalledWith(1);
});
