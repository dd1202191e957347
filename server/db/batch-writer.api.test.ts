import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { startTestApp } from '#tests/support/test-app';
import { BatchWriterClosedError, openBatchWriter } from './batch-writer';

// The app closes the batch writers opened on its database when it stops, after its requests and before
// the database (ADR 66): an item whose request's client went away still waits for its window then.

test('an item still waiting for its window is written before the app closes its database', async () => {
  const t = await startTestApp();
  const db = t.app.database.db;
  await sql`create table closing_probe (id integer primary key)`.execute(db);
  const writer = openBatchWriter<number>(db, {
    maxItems: 100,
    // Longer than any test: only closing writes it.
    windowMs: 3_600_000,
    async write(items) {
      for (const id of items) await sql`insert into closing_probe (id) values (${id})`.execute(db);
      return items.map(() => undefined);
    },
  });
  const waiting = writer.add(7);
  try {
    await t.app.close();
    // Resolved: its INSERT ran, so on a database still open (a closed one refuses every statement).
    await expect(waiting).resolves.toBeUndefined();
    await expect(writer.add(8)).rejects.toBeInstanceOf(BatchWriterClosedError);
  } finally {
    await t.close();
  }
  // Without the closing, the item waits for its hour: the test fails on this timeout.
}, 15_000);
