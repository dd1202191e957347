import { expect, test } from 'vitest';
import { apiPath } from './contracts/api-route';
import { authRoutes } from './contracts/auth';
import { safeReturnTo } from './return-to';

const ROOM = '6e2a1dfe-b5b5-477d-94ff-4ee992e4c6f9';
const DOCUMENT = '0b6f1c8e-7a0d-4c55-9d55-2f4e1f0a9b11';

test.each([
  [`/data-room/${ROOM}`, `/data-room/${ROOM}`],
  [`/data-room/${ROOM}/sections/2`, `/data-room/${ROOM}/sections/2`],
  [`/data-room/${ROOM}/documents/${DOCUMENT}?page=7`, `/data-room/${ROOM}/documents/${DOCUMENT}?page=7`],
  ['/investor-dashboard', '/investor-dashboard'],
  ['/configure#invites', '/configure#invites'],
])('%s is a place a sign-in may return to', (value, expected) => {
  expect(safeReturnTo(value)).toBe(expected);
});

test.each([
  '',
  'data-room',
  '//evil.example',
  '//evil.example/data-room',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/ /evil.example',
  'https://evil.example/data-room',
  'http:evil.example',
  'javascript:alert(1)',
  '/javascript:alert(1)',
  '/%2F%2Fevil.example',
  // Dot segments and encoded ones, checked after normalisation (ADR 74): `/.//admin` is `//admin`.
  '/.//admin',
  '/.//evil.example',
  '/..//admin',
  '/./\\admin',
  '/a/..//evil.example',
  '/%2e/%2fadmin',
  '/%2e%2e//evil.example',
  '/%5C%5Cevil.example',
  '/./admin',
  '/admin/./',
  `/data-room/../data-room/${ROOM}`,
  apiPath(authRoutes.logout),
  '/login',
  '/verify?token=abc',
  '/not-a-page',
  `/data-room/${ROOM}/sections/0`,
  `/data-room/${ROOM}/sections/x`,
  `/${'a'.repeat(1001)}`,
])('%j is refused', (value) => {
  expect(safeReturnTo(value)).toBeNull();
});
