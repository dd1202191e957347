import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ScrollOnNavigate } from './scroll-on-navigate';

// jsdom does not lay out pages, so it has no scrolling: record the calls instead.
const scrollTo = vi.fn();
const scrollIntoView = vi.fn();
beforeEach(() => {
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = scrollIntoView;
  scrollTo.mockClear();
  scrollIntoView.mockClear();
});
afterEach(cleanup);

let navigate: ReturnType<typeof useNavigate>;
function Page({ anchorLate }: { anchorLate?: boolean }) {
  navigate = useNavigate();
  const [showAnchor, setShowAnchor] = useState(!anchorLate);
  (globalThis as { showAnchor?: () => void }).showAnchor = () => setShowAnchor(true);
  return showAnchor ? <h2 id="document-upload">Document upload</h2> : <p>loading</p>;
}

function renderAt(url: string, anchorLate = false) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ScrollOnNavigate />
            <Page anchorLate={anchorLate} />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

test('a new page starts at the top', async () => {
  renderAt('/');
  scrollTo.mockClear();
  await act(() => navigate('/docs'));
  expect(scrollTo).toHaveBeenCalledWith(0, 0);
});

test('a #hash scrolls to its element instead of the top', async () => {
  renderAt('/docs#document-upload');
  expect(scrollIntoView).toHaveBeenCalledTimes(1);
  expect(scrollIntoView.mock.contexts[0]).toHaveProperty('id', 'document-upload');
  expect(scrollTo).not.toHaveBeenCalled();
});

test('a #hash whose element renders later is reached once it appears', async () => {
  renderAt('/docs#document-upload', true);
  expect(scrollIntoView).not.toHaveBeenCalled();
  await act(async () => (globalThis as unknown as { showAnchor: () => void }).showAnchor());
  await vi.waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
});

test('Back leaves the position to the browser', async () => {
  renderAt('/');
  await act(() => navigate('/docs'));
  scrollTo.mockClear();
  await act(() => navigate(-1));
  expect(scrollTo).not.toHaveBeenCalled();
});

test('a new tab of a page is a new place and starts at the top; a filter keeps the position', async () => {
  renderAt('/configure');
  await act(() => navigate('/configure?tab=files'));
  scrollTo.mockClear();
  await act(() => navigate('/configure?tab=sections'));
  expect(scrollTo).toHaveBeenCalledWith(0, 0);
  scrollTo.mockClear();
  await act(() => navigate('/configure?tab=sections&state=open'));
  expect(scrollTo).not.toHaveBeenCalled();
});
