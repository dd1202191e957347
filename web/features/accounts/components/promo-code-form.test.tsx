import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { PromoCodeForm } from './promo-code-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PromoCodeForm appliedCode={null} onApplied={() => {}} onRemoved={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Promo code' });
}

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

test('a wrong promo code is said beside the field, announced, and the field is marked invalid', async () => {
  vi.stubGlobal('fetch', answer(200, { valid: false, message: 'Invalid promo code.' }));
  const field = renderForm();
  fireEvent.change(field, { target: { value: 'NOPE' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  const error = document.getElementById(field.getAttribute('aria-describedby') ?? '');
  expect(error?.textContent).toBe('Invalid promo code. Please check your code and try again.');
  expect(error?.getAttribute('aria-live')).toBe('polite');
  fireEvent.change(field, { target: { value: 'NOPE2' } });
  expect(field.getAttribute('aria-invalid')).toBeNull();
});

test('too many attempts: the server’s sentence sits beside the field', async () => {
  vi.stubGlobal(
    'fetch',
    answer(429, { error: 'rate_limited', message: 'Too many attempts. Try again in a minute.' }),
  );
  const field = renderForm();
  fireEvent.change(field, { target: { value: 'CODE' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() =>
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Failed to validate promo code. Too many attempts. Try again in a minute.',
    ),
  );
});
