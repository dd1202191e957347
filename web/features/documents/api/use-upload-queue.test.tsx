import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { useUploadQueue } from './use-upload-queue';

/** The browser's XMLHttpRequest as apiUpload uses it: each sent request waits until the test answers it. */
class HeldRequest {
  static sent: HeldRequest[] = [];
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  readonly upload = { addEventListener: () => undefined };
  readonly #listeners = new Map<string, () => void>();

  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: () => void) {
    this.#listeners.set(type, listener);
  }
  send() {
    HeldRequest.sent.push(this);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.#listeners.get('load')?.();
  }
}

beforeEach(() => {
  HeldRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', HeldRequest);
  // The site's upload limit is not needed here: the queue falls back to the default.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"error":"not_found","message":"none"}', { status: 404 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderQueue() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useUploadQueue(), { wrapper }).result;
}

const file = (name: string) => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name);

test('two zips dropped together go one after the other, as the server unpacks one per room; files go on beside them', async () => {
  const queue = renderQueue();
  act(() => queue.current.add([file('First.zip'), file('Second.zip'), file('Deck.pdf')]));
  expect(HeldRequest.sent.map((request) => request.url)).toEqual([
    apiPath(documentRoutes.uploadArchive),
    apiPath(documentRoutes.upload),
  ]);
  expect(queue.current.items.find((item) => item.name === 'Second.zip')?.status).toBe('waiting');

  await act(async () => {
    HeldRequest.sent[0]?.answer(201, { stored: 0, refused: 0, results: [] });
  });
  expect(HeldRequest.sent.map((request) => request.url)).toEqual([
    apiPath(documentRoutes.uploadArchive),
    apiPath(documentRoutes.upload),
    apiPath(documentRoutes.uploadArchive),
  ]);
  expect(queue.current.items.find((item) => item.name === 'Second.zip')?.status).toBe('uploading');
});
