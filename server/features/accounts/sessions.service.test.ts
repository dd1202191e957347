import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { CacheRegistry } from '#server/caches/cache-registry';
import { OTHER_PROCESS_CHECK_MS } from '#server/caches/sqlite-write-epoch';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '#server/db/database';
import { SESSION_USE_INTERVAL_MS } from '#server/durations';
import type { LiveSession } from '#server/plugins/auth';
import { sessionsCache } from './sessions.caches';
import { createSessionResolver, endSession, listSessions, startSession } from './sessions.service';
import { insertUser } from './users.repository';

// The session cache exists only on SQLite (the API tests cover PostgreSQL, where there is none; the
// rule itself is in sessions.caches.ts and server/caches/cache-registry.ts).

let dir: string;
let handle: DatabaseHandle;
let file: string;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-sessions-'));
  file = path.join(dir, 'db.sqlite');
  handle = openDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(handle.db);
});
/** The sessions cache of an app on this database, as buildApp makes it. */
function sessionsOf(database: DatabaseHandle) {
  const limits = { previewObjectCacheBytes: 0, watermarkCacheBytes: 0, sectionsParseTimeoutMs: 4_000 };
  return new CacheRegistry({ writeEpoch: database.writeEpoch, limits }).get(sessionsCache);
}
afterEach(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signedInUser() {
  const user = {
    id: crypto.randomUUID(),
    email: `${crypto.randomUUID()}@example.com`,
    name: 'Sam',
    role: 'investor' as const,
    isActive: true,
    plan: 'investor',
    createdAt: new Date(),
    lastLoginAt: null,
  };
  await insertUser(handle.db, user);
  return {
    user,
    session: await startSession(handle.db, user.id, 'test', { mailbox: { needsSecondFactor: false } }),
  };
}

/** Runs a statement behind this process's back, on a connection of its own, as an operator's SQL shell would. */
function runOutOfBand(statement: string) {
  const other = new SqliteDatabase(file);
  other.prepare(statement).run();
  other.close();
}

test('a resolved session is reused while nothing has been written, and a write by another process is seen within half a second', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const resolver = createSessionResolver(handle.db, sessionsOf(handle));
    const { user, session } = await signedInUser();
    expect((await resolver.resolve(session.token))?.user.id).toBe(user.id);

    runOutOfBand('delete from sessions');
    // No write went through this process, and SQLite's data_version was read a moment ago: the first
    // answer still stands.
    expect((await resolver.resolve(session.token))?.user.id).toBe(user.id);
    // Once the check is due, the other connection's commit is seen: the session is read again, and gone.
    vi.advanceTimersByTime(OTHER_PROCESS_CHECK_MS);
    expect(await resolver.resolve(session.token)).toBeUndefined();
  } finally {
    vi.useRealTimers();
  }
});

test('any write through the app drops what was cached: logout is seen by the next request', async () => {
  const resolver = createSessionResolver(handle.db, sessionsOf(handle));
  const { session } = await signedInUser();
  const resolved = await resolver.resolve(session.token);
  expect(resolved).toBeDefined();
  await endSession(handle.db, resolved?.sessionId ?? '');
  expect(await resolver.resolve(session.token)).toBeUndefined();
});

test('a deactivated user is refused at once', async () => {
  const resolver = createSessionResolver(handle.db, sessionsOf(handle));
  const { user, session } = await signedInUser();
  expect(await resolver.resolve(session.token)).toBeDefined();
  await handle.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
  expect(await resolver.resolve(session.token)).toBeUndefined();
});

test('an unknown token is never cached', async () => {
  const resolver = createSessionResolver(handle.db, sessionsOf(handle));
  expect(await resolver.resolve('unknown-token')).toBeUndefined();
  expect(await resolver.resolve('unknown-token')).toBeUndefined();
});

test('a write run from a precompiled query is seen by the next request too', async () => {
  const resolver = createSessionResolver(handle.db, sessionsOf(handle));
  const { session } = await signedInUser();
  expect(await resolver.resolve(session.token)).toBeDefined();
  await handle.db.executeQuery(CompiledQuery.raw('update sessions set revoked_at = 1'));
  expect(await resolver.resolve(session.token)).toBeUndefined();
});

test("recording a session's use drops no cached session: not its own, not another reader's", async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const resolver = createSessionResolver(handle.db, sessionsOf(handle));
    const [first, second] = [await signedInUser(), await signedInUser()];
    const firstSession = await resolver.resolve(first.session.token);
    expect((await resolver.resolve(second.session.token))?.user.name).toBe('Sam');
    // Only a session read again from the database would show the new name.
    runOutOfBand("update users set name = 'Renamed'");
    await resolver.noteUse(firstSession as LiveSession, '203.0.113.1');
    // A use is written to session_uses, which the lookup does not read: both answers still stand.
    expect((await resolver.resolve(first.session.token))?.user.name).toBe('Sam');
    expect((await resolver.resolve(second.session.token))?.user.name).toBe('Sam');
  } finally {
    vi.useRealTimers();
  }
});

test('a use is recorded at most once a minute, by any number of processes, and the sessions list shows it', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const resolver = createSessionResolver(handle.db, sessionsOf(handle));
    const otherProcess = createSessionResolver(handle.db, sessionsOf(handle));
    const { user, session } = await signedInUser();
    const live = (await resolver.resolve(session.token)) as LiveSession;
    const lastUse = async () => {
      const [listed] = await listSessions(handle.db, user.id, live.sessionId);
      return { at: listed?.lastUsedAt, ip: listed?.ipAddress };
    };
    expect(await lastUse()).toEqual({ at: null, ip: null });

    const firstUse = new Date();
    await resolver.noteUse(live, '203.0.113.1');
    expect(await lastUse()).toEqual({ at: firstUse.toISOString(), ip: '203.0.113.1' });

    vi.advanceTimersByTime(SESSION_USE_INTERVAL_MS - 1);
    await resolver.noteUse(live, '203.0.113.2');
    await otherProcess.noteUse(live, '203.0.113.3');
    expect(await lastUse()).toEqual({ at: firstUse.toISOString(), ip: '203.0.113.1' });

    // A minute after the recorded use, the next use is recorded (the other process remembers its own
    // attempt of a moment ago, which the database's condition turned down, and waits a minute from it).
    vi.advanceTimersByTime(1);
    await resolver.noteUse(live, '203.0.113.4');
    expect(await lastUse()).toEqual({ at: new Date().toISOString(), ip: '203.0.113.4' });
  } finally {
    vi.useRealTimers();
  }
});
