import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database';
import { movesEpoch } from './statement-cache';
import type { WriteEpoch } from './write-epoch';

// The write epoch exists only on SQLite: the connection counts every statement that can write.

let dir: string;
let handle: DatabaseHandle;
let epoch: WriteEpoch;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-epoch-'));
  handle = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  await migrateToLatest(handle.db);
  if (!handle.writeEpoch) throw new Error('SQLite handles count writes');
  epoch = handle.writeEpoch;
});
afterEach(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const waitlistEntry = (id: string) => ({ id, company_name: 'A', contact_email: `${id}@b.co`, created_at: 1 });

test('the write epoch moves on every write and never on a read', async () => {
  const before = epoch.value;
  await handle.db.selectFrom('users').selectAll().execute();
  await sql`select count(*) from waitlist`.execute(handle.db);
  expect(epoch.value).toBe(before);
  await handle.db.insertInto('waitlist').values(waitlistEntry('1')).execute();
  expect(epoch.value).toBeGreaterThan(before);
});

test('a write run from a precompiled query moves the epoch too: no path goes around it', async () => {
  const compiled = handle.db.insertInto('waitlist').values(waitlistEntry('2')).compile();
  const before = epoch.value;
  await handle.db.executeQuery(compiled);
  expect(epoch.value).toBeGreaterThan(before);

  const afterInsert = epoch.value;
  await handle.db.executeQuery(CompiledQuery.raw("delete from waitlist where id = '2'"));
  expect(epoch.value).toBeGreaterThan(afterInsert);
});

test('a write that returns rows (INSERT ... RETURNING) counts as a write, and so does one in a transaction', async () => {
  const before = epoch.value;
  await handle.db.insertInto('waitlist').values(waitlistEntry('3')).returning('id').execute();
  expect(epoch.value).toBeGreaterThan(before);

  const beforeTransaction = epoch.value;
  await handle.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('waitlist').where('id', '=', '3').execute();
  });
  expect(epoch.value).toBeGreaterThan(beforeTransaction);
});

test('writes to the access log, the reading roll-ups and the job queue, which no epoch cache reads, leave the epoch alone', async () => {
  const before = epoch.value;
  const neutral = [
    'insert into "access_events" ("id") values (?)',
    'update "reading_views" set "read_ms" = 1',
    'insert into "reading_document_pages" ("document_id", "page") values (?, ?) on conflict do nothing',
    'delete from "reading_room_readers" where 1',
    'update "jobs" set "status" = ? where "id" in (select "id" from "jobs")',
    'insert into reading_view_pages (view_id) select value from json_each(?)',
  ];
  for (const source of neutral) expect(movesEpoch({ readonly: false, source }), source).toBe(false);
  await handle.db
    .updateTable('reading_documents')
    .set({ read_ms: 1 })
    .where('document_id', '=', 'none')
    .execute();
  expect(epoch.value).toBe(before);
});

test('every other write moves the epoch, and so does one this rule cannot read', async () => {
  const moving = [
    'insert into "sessions" ("id") values (?)',
    'update "documents" set "title" = ?',
    'delete from "room_members" where 1',
    'with "x" as (select 1) insert into "access_events" select * from "x"',
    'insert into "access_events_archive" ("id") values (?)',
    'update sessions set revoked_at = ?',
    'replace into "access_events" ("id") values (?)',
  ];
  for (const source of moving) expect(movesEpoch({ readonly: false, source }), source).toBe(true);
  expect(movesEpoch({ readonly: true, source: 'select 1' })).toBe(false);
});
