import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { MAX_NDA_TEXT_LENGTH, type NdaSettings } from '#shared/contracts/nda';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { roomRoutes } from '#shared/contracts/rooms';
import { MUTUAL_NDA_TEMPLATE, mutualNdaText } from '#web/features/rooms/mutual-nda-template';
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

const ROOM: MyDataRoom = {
  id: 'room-1',
  companyName: 'Northwind Robotics',
  description: '',
  stage: 'Seed',
  foundedYear: null,
  website: '',
  isActive: true,
  isDownloadAllowed: false,
  isWatermarkEnabled: false,
  isNdaRequired: false,
};

function serve(settings: NdaSettings) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === apiPath(roomRoutes.mine)) return new Response(JSON.stringify(ROOM), { status: 200 });
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

test('the template is offered while the agreement is empty, its blanks filled from the room and the fields', async () => {
  serve(empty);
  const company = (await screen.findByLabelText('Company, as the NDA names it')) as HTMLInputElement;
  await waitFor(() => expect(company.value).toBe('Northwind Robotics'));
  expect((screen.getByLabelText('Confidential for (years)') as HTMLInputElement).value).toBe('2');
  fireEvent.change(screen.getByLabelText('Governing law'), { target: { value: 'England and Wales' } });
  fireEvent.click(screen.getByRole('button', { name: 'Use the mutual NDA template' }));
  const text = (screen.getByLabelText('Agreement (markdown)') as HTMLTextAreaElement).value;
  expect(text).toBe(
    mutualNdaText({ companyName: 'Northwind Robotics', years: 2, governingLaw: 'England and Wales' }),
  );
  expect(text).toContain('between **Northwind Robotics** (the "Company")');
  expect(text).toContain('last **two years** from the date');
  expect(text).toContain('governed by the laws of **England and Wales**');
  expect(text).not.toMatch(/\[(Company name|two|country or state)\]/);
  expect(screen.queryByRole('button', { name: 'Use the mutual NDA template' })).toBeNull();
});

test('the fields can be changed; a governing law left empty keeps its blank, and years outside 1 to 10 are refused', async () => {
  serve(empty);
  const company = (await screen.findByLabelText('Company, as the NDA names it')) as HTMLInputElement;
  await waitFor(() => expect(company.value).toBe('Northwind Robotics'));
  fireEvent.change(company, { target: { value: 'Northwind Robotics Ltd' } });
  const years = screen.getByLabelText('Confidential for (years)');
  fireEvent.change(years, { target: { value: '11' } });
  const use = screen.getByRole('button', { name: 'Use the mutual NDA template' }) as HTMLButtonElement;
  expect(use.disabled).toBe(true);
  expect(document.getElementById(years.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Choose from 1 to 10 years.',
  );
  fireEvent.change(years, { target: { value: '1' } });
  fireEvent.click(use);
  const text = (screen.getByLabelText('Agreement (markdown)') as HTMLTextAreaElement).value;
  expect(text).toContain('**Northwind Robotics Ltd**');
  expect(text).toContain('last **one year** from the date');
  expect(text).toContain('governed by the laws of **[country or state]**');
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
