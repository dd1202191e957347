import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { NdaPrompt } from '#shared/contracts/nda';
import { ndaRoutes } from '#shared/contracts/nda';
import { NdaGate } from './nda-gate';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const prompt: NdaPrompt = {
  roomId: 'c4a3b1de-0000-4000-8000-000000000001',
  companyName: 'Northwind Robotics',
  versionId: 'v-1',
  sha256: 'a'.repeat(64),
  text: '# Terms\n\nKeep it **secret**.',
  suggestedName: null,
};

function renderGate(
  source: Parameters<typeof NdaGate>[0]['source'] = { kind: 'member', roomId: prompt.roomId },
  shown: NdaPrompt = prompt,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NdaGate prompt={shown} source={source} />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

test('shows the agreement formatted; "Accept and enter" waits for a name and the box', () => {
  renderGate();
  expect(
    screen.getByRole('heading', { level: 1, name: 'Northwind Robotics asks you to accept an NDA' }),
  ).toBeTruthy();
  expect(screen.getByText('secret').tagName).toBe('STRONG');
  const accept = screen.getByRole('button', { name: 'Accept and enter' }) as HTMLButtonElement;
  expect(accept.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: '   ' } });
  fireEvent.click(screen.getByLabelText('I agree to the terms of this agreement'));
  expect(accept.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ivy Investor' } });
  expect(accept.disabled).toBe(false);
});

test('sends the version shown, the trimmed name and agree, to the invitation’s route in the invited view', async () => {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return json(201, {
        acceptance: { id: 'x', versionId: 'v-1', signerName: 'Ivy', acceptedAt: new Date().toISOString() },
      });
    }),
  );
  renderGate({ kind: 'invite', token: 'tok' });
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: '  Ivy  ' } });
  fireEvent.click(screen.getByLabelText('I agree to the terms of this agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Accept and enter' }));
  await waitFor(() =>
    expect(sent).toEqual([
      {
        url: apiPath(ndaRoutes.acceptByInvitation, { params: { token: 'tok' } }),
        body: { versionId: 'v-1', signerName: 'Ivy', agree: true },
      },
    ]),
  );
});

test('a text changed meanwhile: the server’s message, and the new text to accept instead', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json(409, {
        error: 'nda_changed',
        message:
          'The agreement changed while you were reading it. Read the new version, then accept it. Nothing was saved.',
        nda: { ...prompt, versionId: 'v-2', text: 'Revised terms.' },
      }),
    ),
  );
  renderGate();
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ivy' } });
  fireEvent.click(screen.getByLabelText('I agree to the terms of this agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Accept and enter' }));
  expect((await screen.findByRole('alert')).textContent).toMatch(
    /The agreement changed while you were reading it/,
  );
  expect(screen.getByText('Revised terms.')).toBeTruthy();
  // Accepting again accepts the text now shown.
  fireEvent.click(screen.getByRole('button', { name: 'Accept and enter' }));
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  const [, second] = vi.mocked(fetch).mock.calls[1] ?? [];
  expect(JSON.parse(String(second?.body))).toMatchObject({ versionId: 'v-2' });
});

test('the name field starts with the invited name, which the reader may change; accepting shows the room from its top', async () => {
  const scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return json(201, {
        acceptance: { id: 'x', versionId: 'v-1', signerName: 'Ivy', acceptedAt: new Date().toISOString() },
      });
    }),
  );
  renderGate({ kind: 'invite', token: 'tok' }, { ...prompt, suggestedName: 'Ivy Investor' });
  const name = screen.getByLabelText('Full name') as HTMLInputElement;
  expect(name.value).toBe('Ivy Investor');
  fireEvent.click(screen.getByLabelText('I agree to the terms of this agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Accept and enter' }));
  await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  expect(sent).toEqual([{ versionId: 'v-1', signerName: 'Ivy Investor', agree: true }]);
});

test('without an invited name the field starts empty', () => {
  renderGate();
  expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('');
});
