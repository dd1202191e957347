import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '#server/db/database';
import { EpochCache } from './epoch-cache';
import { tablesWritten } from './statement-cache';
import { ANY_TABLE, type WriteEpoch } from './write-epoch';

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
  for (const source of neutral) expect(tablesWritten({ readonly: false, source }), source).toBeNull();
  await handle.db
    .updateTable('reading_documents')
    .set({ read_ms: 1 })
    .where('document_id', '=', 'none')
    .execute();
  expect(epoch.value).toBe(before);
});

test('an INSERT or UPDATE moves the table it writes; a DELETE, and any write this rule cannot read, moves every table', () => {
  const written = (source: string) => tablesWritten({ readonly: false, source });
  expect(written('insert into "sessions" ("id") values (?)')).toBe('sessions');
  expect(written('update "documents" set "title" = ?')).toBe('documents');
  expect(written('update sessions set revoked_at = ?')).toBe('sessions');
  expect(written('insert into "access_events_archive" ("id") values (?)')).toBe('access_events_archive');
  const everything = [
    'delete from "room_members" where 1',
    'with "x" as (select 1) insert into "access_events" select * from "x"',
    'replace into "access_events" ("id") values (?)',
    'insert or replace into "sessions" ("id") values (?)',
  ];
  for (const source of everything) expect(written(source), source).toBe(ANY_TABLE);
  expect(tablesWritten({ readonly: true, source: 'select 1' })).toBeNull();
});

describe('a cached answer is dropped only by a write to a table its load read (ADR 53)', () => {
  const cacheOn = (writeEpoch: WriteEpoch) =>
    new EpochCache<{ label: string }>(writeEpoch, { maxEntries: 10, maxAgeMs: 60_000 });
  let loads: number;
  const usersWithWaitlist = async () => {
    loads++;
    await handle.db.selectFrom('users').select('id').execute();
    await sql`select count(*) from waitlist`.execute(handle.db);
    return { label: `load ${loads}` };
  };
  beforeEach(async () => {
    loads = 0;
    epoch.knowTables((await handle.db.introspection.getTables()).map((table) => table.name));
  });

  test('by the query builder and by raw SQL alike', async () => {
    const cache = cacheOn(epoch);
    await cache.get('k', usersWithWaitlist);
    await handle.db.updateTable('documents').set({ title: 'x' }).where('id', '=', 'none').execute();
    expect((await cache.get('k', usersWithWaitlist))?.label).toBe('load 1');
    await handle.db.insertInto('waitlist').values(waitlistEntry('4')).execute();
    expect((await cache.get('k', usersWithWaitlist))?.label).toBe('load 2');
    await handle.db.updateTable('users').set({ name: 'x' }).where('id', '=', 'none').execute();
    expect((await cache.get('k', usersWithWaitlist))?.label).toBe('load 3');
    await handle.db.deleteFrom('documents').where('id', '=', 'none').execute();
    expect((await cache.get('k', usersWithWaitlist))?.label).toBe('load 4');
  });

  test('a load that asks another cache depends on what that cache read, on a hit too', async () => {
    const inner = cacheOn(epoch);
    const outer = cacheOn(epoch);
    const outerLoad = async () => ({
      label: `outer over ${(await inner.get('k', usersWithWaitlist))?.label}`,
    });
    await inner.get('k', usersWithWaitlist);
    expect((await outer.get('k', outerLoad))?.label).toBe('outer over load 1');
    await handle.db.insertInto('waitlist').values(waitlistEntry('5')).execute();
    expect((await outer.get('k', outerLoad))?.label).toBe('outer over load 2');
  });

  test('a load whose reads cannot be named, or that ran no statement, depends on every write', async () => {
    const cache = cacheOn(epoch);
    let runs = 0;
    const noStatement = async () => ({ label: `run ${++runs}` });
    await cache.get('k', noStatement);
    await handle.db.updateTable('documents').set({ title: 'x' }).where('id', '=', 'none').execute();
    expect((await cache.get('k', noStatement))?.label).toBe('run 2');

    const unnamed = async () => {
      await sql`select 1 as one`.execute(handle.db);
      return { label: `unnamed ${++runs}` };
    };
    await cache.get('u', unnamed);
    await handle.db.updateTable('documents').set({ title: 'x' }).where('id', '=', 'none').execute();
    expect((await cache.get('u', unnamed))?.label).toBe(`unnamed ${runs}`);
  });
});
