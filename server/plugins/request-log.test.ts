import { expect, test } from 'vitest';
import { redactUrlSecrets } from './request-log';

const TOKEN = 'p7Kq2x_9-AbCdEfGhIjKlMnOpQrStUvWxYz0123456';

test.each([
  [`/verify?token=${TOKEN}`, '/verify?token=[redacted]'],
  [`/data-room?invite=${TOKEN}`, '/data-room?invite=[redacted]'],
  [`/data-room?x=1&invite=${TOKEN}#top`, '/data-room?x=1&invite=[redacted]#top'],
  [`/api/data-room/invite/${TOKEN}`, '/api/data-room/invite/[redacted]'],
  [
    `/api/data-room/invite/${TOKEN}/click?url=https%3A%2F%2Fexample.com`,
    '/api/data-room/invite/[redacted]/click?url=https%3A%2F%2Fexample.com',
  ],
])('%s is logged as %s', (url, logged) => {
  expect(redactUrlSecrets(url)).toBe(logged);
});

test('a URL without secrets is logged as it is', () => {
  const url =
    '/api/data-room/6e2a1dfe-b5b5-477d-94ff-4ee992e4c6f9/click?url=https%3A%2F%2Fexample.com%2Fdeck';
  expect(redactUrlSecrets(url)).toBe(url);
});
