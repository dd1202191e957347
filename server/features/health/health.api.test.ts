import { afterAll, beforeAll, expect, test } from 'vitest';
import { healthRoutes } from '#shared/contracts/health';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('health answers ok when the database is reachable', async () => {
  const response = await t.call(healthRoutes.health);
  expect(response.status).toBe(200);
  expect(response.json).toEqual({ status: 'ok', database: 'reachable' });
  expect(response.headers.get('cache-control')).toBe('no-store');
});

test('health answers 503 once the database is gone, and says so', async () => {
  await t.app.database.close();
  const response = await t.call(healthRoutes.health);
  expect(response.status).toBe(503);
  expect(response.json).toEqual({ status: 'unavailable', database: 'unreachable' });
});
