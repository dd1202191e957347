import { expect, test } from 'vitest';
import { redactUrlSecrets, SECRET_PATH_PREFIXES, SECRET_QUERY_PARAMETERS } from './request-log';

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

test.each([
  [`/share/${TOKEN}`, '/share/[redacted]'],
  [`/share/${TOKEN}?proof=${TOKEN}`, '/share/[redacted]?proof=[redacted]'],
  [`/api/share/${TOKEN}/verify`, '/api/share/[redacted]/verify'],
  [`/api/notifications/unsubscribe?token=${TOKEN}`, '/api/notifications/unsubscribe?token=[redacted]'],
])('%s is logged as %s', (url, logged) => {
  expect(redactUrlSecrets(url)).toBe(logged);
});

test('every secret-bearing parameter and path of the list is redacted, whatever its case', () => {
  for (const parameter of SECRET_QUERY_PARAMETERS) {
    for (const spelt of [parameter, parameter.toUpperCase()])
      expect(redactUrlSecrets(`/x?a=1&${spelt}=${TOKEN}&b=2`)).toBe(`/x?a=1&${spelt}=[redacted]&b=2`);
  }
  for (const prefix of SECRET_PATH_PREFIXES)
    expect(redactUrlSecrets(`${prefix}${TOKEN}/more`)).toBe(`${prefix}[redacted]/more`);
});

test.each([
  [`/%61pi/share/${TOKEN}/verify`, '/api/share/[redacted]/verify'],
  [`/api/%73hare/${TOKEN}/code`, '/api/share/[redacted]/code'],
  [`/API/Data-Room/invite/${TOKEN}/accept`, '/API/Data-Room/invite/[redacted]/accept'],
  [`//share/${TOKEN}`, '/share/[redacted]'],
  [`/./share/./${TOKEN}/`, '/share/[redacted]'],
  [`/x/../share/${TOKEN}`, '/share/[redacted]'],
  [`/share%2F${TOKEN}`, '/share/[redacted]'],
  [`/%2561pi/share/${TOKEN}`, '/api/share/[redacted]'],
  [`/share/%${TOKEN.charCodeAt(0).toString(16)}${TOKEN.slice(1)}`, '/share/[redacted]'],
  [`/share/x?%70roof=${TOKEN}`, '/share/[redacted]?%70roof=[redacted]'],
  [`/data-room?In%76ite=${TOKEN}&x=1`, '/data-room?In%76ite=[redacted]&x=1'],
  [`/api/share/${TOKEN}%`, '/api/share/[redacted]'],
])('an unusual spelling of a secret, %s, is logged as %s', (url, logged) => {
  expect(redactUrlSecrets(url)).toBe(logged);
});

test('a returnTo that names a page with a secret in it is redacted whole', () => {
  expect(redactUrlSecrets(`/login?returnTo=%2Fdata-room%3Finvite%3D${TOKEN}`)).toBe(
    '/login?returnTo=[redacted]',
  );
});
