import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { roomRoutes } from '#shared/contracts/rooms';
import { DownloadDefaultCard } from './download-default-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const room: MyDataRoom = {
  id: 'c4a3b1de-0000-4000-8000-000000000001',
  companyName: 'Northwind Robotics',
  description: '',
  stage: 'Seed',
  foundedYear: null,
  website: '',
  isActive: true,
  isDownloadAllowed: true,
  isWatermarkEnabled: false,
  isNdaRequired: false,
};

function renderCard(shown: MyDataRoom) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DownloadDefaultCard room={shown} />
    </QueryClientProvider>,
  );
}

test('"Allow downloads" is a switch showing the saved state; flipping it sends the opposite to the server', async () => {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(apiPath(roomRoutes.setDownloadDefault));
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ ...room, isDownloadAllowed: false }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  renderCard(room);
  const toggle = screen.getByRole('switch', { name: 'Allow downloads' });
  expect(toggle.getAttribute('aria-checked')).toBe('true');
  fireEvent.click(toggle);
  await waitFor(() => expect(sent).toEqual([{ isDownloadAllowed: false }]));
});

test('off, it says investors read in the viewer only', () => {
  renderCard({ ...room, isDownloadAllowed: false });
  expect(screen.getByRole('switch', { name: 'Allow downloads' }).getAttribute('aria-checked')).toBe('false');
  expect(screen.getByText('View only')).toBeTruthy();
  expect(screen.getByText(/Investors read each file in the viewer only/)).toBeTruthy();
});
