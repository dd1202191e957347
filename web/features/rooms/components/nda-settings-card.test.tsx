import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { MAX_NDA_TEXT_LENGTH, type NdaSettings } from '#shared/contracts/nda';
import { MUTUAL_NDA_TEMPLATE } from '#web/features/rooms/mutual-nda-template';
import { NdaSettingsCard } from './nda-settings-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty: NdaSettings = { isRequired: false, text: '', version: null, acceptedCount: 0 };
const saved: NdaSettings = {
  isRequired: false,
  text: '# NDA\n\nKeep it to yourself.',
  version: { id: 'v1', sha256: 'a'.repeat(64), createdAt: '2026-11-25T09:30:00.000Z' },
  acceptedCount: 0,
};

function serve(settings: NdaSettings) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as NdaSettings;
        posted.push(body);
        return new Response(JSON.stringify({ ...settings, ...body }), { status: 200 });
      }
      return new Response(JSON.stringify(settings), { status: 200 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NdaSettingsCard />
    </QueryClientProvider>,
  );
  return posted;
}

test('the template is offered while the agreement is empty, and fills it', async () => {
  serve(empty);
  const use = await screen.findByRole('button', { name: 'Use the mutual NDA template' });
  fireEvent.click(use);
  expect((screen.getByLabelText('Agreement (markdown)') as HTMLTextAreaElement).value).toBe(
    MUTUAL_NDA_TEMPLATE,
  );
  expect(screen.queryByRole('button', { name: 'Use the mutual NDA template' })).toBeNull();
});

test('the template is plain markdown within the agreement’s limit, mutual, with its blanks marked', () => {
  expect(MUTUAL_NDA_TEMPLATE.length).toBeLessThanOrEqual(MAX_NDA_TEXT_LENGTH);
  expect(MUTUAL_NDA_TEMPLATE).toMatch(/^# Mutual non-disclosure agreement\n/);
  expect(MUTUAL_NDA_TEMPLATE).toContain('[Company name]');
  expect(MUTUAL_NDA_TEMPLATE).not.toMatch(/[<>]/);
});

test('the switch saves by itself, with the saved text, like every switch in Settings', async () => {
  const posted = serve(saved);
  const toggle = await screen.findByRole('switch', { name: 'Require an NDA' });
  fireEvent.change(screen.getByLabelText('Agreement (markdown)'), { target: { value: 'A half-typed edit' } });
  fireEvent.click(toggle);
  await waitFor(() => expect(posted).toEqual([{ isRequired: true, text: saved.text }]));
});

test('the switch cannot turn on before an agreement is saved: it says so beside it and sends nothing', async () => {
  const posted = serve(empty);
  const toggle = await screen.findByRole('switch', { name: 'Require an NDA' });
  fireEvent.click(toggle);
  const error = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
  expect(error?.textContent).toMatch(/^Save the agreement first/);
  expect(toggle.getAttribute('aria-checked')).toBe('false');
  expect(posted).toEqual([]);
});
