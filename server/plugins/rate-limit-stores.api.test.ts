import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseConfig } from '#server/config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '#server/db/database';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-app';
import { DatabaseStore } from './rate-limit-stores';

let dataDir: string;
let testDatabase: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-rate-limits-'));
  testDatabase = await createTestDatabase();
  database = openDatabase(parseConfig({ DATA_DIR: dataDir, ...testDatabase.environment }).database);
  await migrateToLatest(database.db);
});

afterAll(async () => {
  await database.close();
  await testDatabase.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The count the store answers for one key, as the rate-limit plugin asks for it. */
const countOf = (store: DatabaseStore, key: string, timeWindow: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no count')) : resolve(result)),
      timeWindow,
    ),
  );

test('counts asked for at once, written together, are each exact: every key counts 1..n in the order asked', async () => {
  const store = new DatabaseStore(database.db, 'test-together-');
  const asked = Array.from({ length: 90 }, (_, index) => (index % 3 === 0 ? 'b' : 'a'));
  const counts = await Promise.all(asked.map((key) => countOf(store, key, 60_000)));
  const seen = (key: string) =>
    counts.filter((_, index) => asked[index] === key).map((count) => count.current);
  expect(seen('a')).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
  expect(seen('b')).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  expect(counts.every((count) => count.ttl > 0 && count.ttl <= 60_000)).toBe(true);
});

test('an ended window starts again at 1, and two stores of different routes count apart', async () => {
  const store = new DatabaseStore(database.db, 'test-window-');
  expect((await countOf(store, 'reader', 1)).current).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect((await countOf(store, 'reader', 60_000)).current).toBe(1);
  expect((await countOf(store, 'reader', 60_000)).current).toBe(2);
  const other = new DatabaseStore(database.db, 'test-other-route-');
  expect((await countOf(other, 'reader', 60_000)).current).toBe(1);
});
