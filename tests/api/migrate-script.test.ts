import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseConfig } from '#server/config';
import { openDatabase } from '#server/db/database';
import { migrationProvider } from '#server/db/migrations/index';
import { runScript } from '#tests/support/server-process';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-app';

// npm run migrate: the first step of an upgrade with no downtime (docs/operations.md).

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-migrate-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('npm run migrate brings an empty database to the latest migration and says which', async () => {
  const environment = { DATA_DIR: dataDir, ...database.environment };
  const latest = Object.keys(await migrationProvider.getMigrations())
    .sort()
    .at(-1);
  const { code, output } = await runScript('scripts/migrate.ts', [], environment);
  expect(code, output).toBe(0);
  expect(output).toContain(`database is at migration ${latest}.`);

  const handle = openDatabase(parseConfig(environment).database);
  try {
    const applied = await handle.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((row) => (row as { name: string }).name)).toContain(latest);
  } finally {
    await handle.close();
  }
});

test('npm run migrate refuses arguments it does not take', async () => {
  const { code, output } = await runScript('scripts/migrate.ts', ['--now'], { DATA_DIR: dataDir });
  expect(code).toBe(1);
  expect(output).toContain('Usage: npm run migrate');
});
