import { expect, test } from 'vitest';
import { apiPath } from './contracts/api-route';
import { healthRoutes } from './contracts/health';
import { href, isPageRoute, pageRoutes, paths } from './routes';

test('every served page route is a path of the route table', () => {
  for (const name of pageRoutes) expect(paths[name]).toMatch(/^\//);
});

const ROOM_ID = '6e2a1dfe-b5b5-477d-94ff-4ee992e4c6f9';

test.each(['/', '/demo', '/docs', '/docs/', '/support', '/privacy', '/terms', `/data-room/${ROOM_ID}`])(
  '%s is a page',
  (pathname) => {
    expect(isPageRoute(pathname)).toBe(true);
  },
);

test.each([
  '/some/unknown/path',
  '/demo/extra',
  '/docsx',
  apiPath(healthRoutes.health),
  '/index.php',
  `/data-room/${ROOM_ID}.bak`,
  `/data-room/${ROOM_ID}~`,
  '/data-room/backup.zip',
])('%s is not a page', (pathname) => {
  expect(isPageRoute(pathname)).toBe(false);
});

test('href fills and encodes parameters', () => {
  expect(href('dataRoomById', { id: 'a b/c' })).toBe('/data-room/a%20b%2Fc');
  expect(href('docs')).toBe('/docs');
  expect(() => href('dataRoomById')).toThrow('needs the parameter id');
});
