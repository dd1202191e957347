import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { readingRoutes } from '#shared/contracts/reading';
import { useReadingReporter } from './use-reading-reporter';

const DOCUMENT_ID = '7d3c1c55-8d0e-4b8e-9f52-2f1d3d1b7a10';
const VIEW_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

let visibility: DocumentVisibilityState = 'visible';
let calls: { url: string; init: RequestInit }[] = [];

/** The browser's network, which we do not own: answers the view's opening, records every request. */
function stubNetwork(viewId: string | null) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/views')) return new Response(JSON.stringify({ viewId }), { status: 201 });
      return new Response(null, { status: 204 });
    }),
  );
}

const reports = () => calls.filter((call) => call.url.includes('/reports'));
const bodyOf = (call: { init: RequestInit } | undefined) => JSON.parse(String(call?.init.body));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(page = 1) {
  const hook = renderHook(({ page }) => useReadingReporter(DOCUMENT_ID, page, true), {
    initialProps: { page },
  });
  // Lets the view's opening answer.
  await act(() => vi.advanceTimersByTimeAsync(0));
  return hook;
}

test('opening the viewer opens a view, then reports the seconds per page every 10 s with keepalive', async () => {
  stubNetwork(VIEW_ID);
  const hook = await open();
  expect(calls[0]?.url).toBe(apiPath(readingRoutes.openView, { params: { id: DOCUMENT_ID } }));
  expect(calls[0]?.init.method).toBe('POST');

  await act(() => vi.advanceTimersByTimeAsync(4000));
  hook.rerender({ page: 2 });
  await act(() => vi.advanceTimersByTimeAsync(6000));
  expect(reports()).toHaveLength(1);
  const [report] = reports();
  expect(report?.url).toBe(apiPath(readingRoutes.report, { params: { viewId: VIEW_ID } }));
  expect(report?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
  expect(report?.init.headers).toEqual({ 'content-type': 'application/json' });
  expect(bodyOf(report)).toEqual({
    pages: [
      { page: 1, seconds: 4 },
      { page: 2, seconds: 6 },
    ],
  });
});

test('hiding the tab sends what was read at once, and a hidden tab gathers nothing', async () => {
  stubNetwork(VIEW_ID);
  await open(3);
  await act(() => vi.advanceTimersByTimeAsync(3000));
  visibility = 'hidden';
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect(reports().map(bodyOf)).toEqual([{ pages: [{ page: 3, seconds: 3 }] }]);
  await act(() => vi.advanceTimersByTimeAsync(30_000));
  expect(reports()).toHaveLength(1);
});

test('leaving the page (pagehide) and closing the viewer send what is left', async () => {
  stubNetwork(VIEW_ID);
  const hook = await open();
  await act(() => vi.advanceTimersByTimeAsync(2000));
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  await act(() => vi.advanceTimersByTimeAsync(2500));
  hook.unmount();
  expect(reports().map(bodyOf)).toEqual([
    { pages: [{ page: 1, seconds: 2 }] },
    { pages: [{ page: 1, seconds: 2.5 }] },
  ]);
});

test('a flush sooner than the server accepts after the last report keeps the time for the next one', async () => {
  stubNetwork(VIEW_ID);
  await open();
  await act(() => vi.advanceTimersByTimeAsync(10_000));
  // Hidden a second after the interval's report: too soon to send, so nothing is refused…
  await act(() => vi.advanceTimersByTimeAsync(1000));
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect(reports()).toHaveLength(1);
  // …and that second goes with the next report.
  await act(() => vi.advanceTimersByTimeAsync(9000));
  expect(reports().map(bodyOf)).toEqual([
    { pages: [{ page: 1, seconds: 10 }] },
    { pages: [{ page: 1, seconds: 10 }] },
  ]);
});

test('a reader idle for more than a minute stops counting until they act again', async () => {
  stubNetwork(VIEW_ID);
  await open();
  await act(() => vi.advanceTimersByTimeAsync(120_000));
  const counted = reports()
    .map(bodyOf)
    .flatMap((body: { pages: { seconds: number }[] }) => body.pages)
    .reduce((sum, entry) => sum + entry.seconds, 0);
  expect(counted).toBe(60);
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
  const before = reports().length;
  await act(() => vi.advanceTimersByTimeAsync(10_000));
  expect(reports().slice(before).map(bodyOf)).toEqual([{ pages: [{ page: 1, seconds: 10 }] }]);
});

test("the owner's own reading (no view) is never reported", async () => {
  stubNetwork(null);
  const hook = await open();
  await act(() => vi.advanceTimersByTimeAsync(30_000));
  hook.unmount();
  expect(calls).toHaveLength(1);
});
