import { expect, test } from 'vitest';
import { sendWebhook } from './webhook-sender';

test('a failed load of the HTTP client is the attempt failing, with its reason for the delivery log', async () => {
  const outcome = await sendWebhook(
    {
      url: 'https://hooks.example.com/in',
      messageId: 'msg_1',
      body: '{}',
      secrets: ['whsec_test'],
      at: new Date(),
    },
    {
      allowPrivate: false,
      resolve: async () => [],
      timeoutMs: 1_000,
      loadUndici: () => Promise.reject(new Error('Cannot find package undici')),
    },
  );
  expect(outcome).toMatchObject({
    ok: false,
    statusCode: null,
    error: 'The webhook sender could not load its HTTP client: Cannot find package undici',
  });
});
