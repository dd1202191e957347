import crypto from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '#server/db/database';
import { startPostgresCluster } from '#tests/support/postgres-cluster';
import { BatchInsert, startSeedableServer } from './seeded-room';

/**
 * For docs/operations.md's sizing note: the bytes PostgreSQL spends on one access event and on one
 * investor (their user row and room membership), tables and indexes together, from rows shaped like
 * the real ones written straight into a throwaway cluster through the app's own schema.
 * Run: node_modules/.bin/node --import tsx bench/storage-footprint.ts
 */

const EVENTS = 200_000;
const INVESTORS = 20_000;
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const postgres = await startPostgresCluster();
const seeded = await startSeedableServer(postgres.url);
const handle = openDatabase(seeded.database);
try {
  const size = async (table: string) => {
    const row = await sql<{
      bytes: string;
    }>`select pg_total_relation_size(${table}::regclass) as bytes`.execute(handle.db);
    return Number(row.rows[0]?.bytes ?? 0);
  };
  const now = Date.now();
  const before = { users: await size('users'), members: await size('room_members') };
  const investorIds: string[] = [];
  await handle.db.transaction().execute(async (trx) => {
    const users = new BatchInsert(trx, 'users', 2000);
    const members = new BatchInsert(trx, 'room_members', 2000, users);
    for (let i = 0; i < INVESTORS; i++) {
      const id = crypto.randomUUID();
      investorIds.push(id);
      await users.add({
        id,
        email: `investor-${i}-${id.slice(0, 8)}@fund-${i % 500}.example.com`,
        name: `Investor ${i}`,
        role: 'investor',
        is_active: 1,
        plan: 'investor',
        created_at: now,
        last_login_at: now,
      });
      await members.add({ room_id: seeded.roomId, user_id: id, role: 'investor', created_at: now });
    }
    await members.flush();
  });
  const eventsBefore = await size('access_events');
  await handle.db.transaction().execute(async (trx) => {
    const events = new BatchInsert(trx, 'access_events', 2000);
    for (let i = 0; i < EVENTS; i++) {
      const download = i % 2 === 0;
      const documentId = crypto.randomUUID();
      await events.add({
        id: crypto.randomUUID(),
        room_id: seeded.roomId,
        user_id: investorIds[i % INVESTORS] ?? null,
        invitation_id: null,
        // No documents rows are seeded: the column's bytes are what matter, so downloads are logged as
        // views of a link of the same length.
        document_id: null,
        document_title: download ? 'Financial model 2026 Q3' : 'Customer contract',
        url: download
          ? `/api/documents/${documentId}/download`
          : `https://legal.example.com/contracts/${documentId}.pdf`,
        action: download ? 'downloaded' : 'clicked',
        occurred_at: now - i * 1000,
        ip: `203.0.113.${i % 250}`,
        user_agent: CHROME,
        document_version: null,
      });
    }
    await events.flush();
  });
  await sql`vacuum analyze`.execute(handle.db);
  const perEvent = ((await size('access_events')) - eventsBefore) / EVENTS;
  const perInvestor =
    ((await size('users')) - before.users + (await size('room_members')) - before.members) / INVESTORS;
  console.log(
    `PostgreSQL 15: ${perEvent.toFixed(0)} bytes per access event (${EVENTS} rows, with indexes); ${perInvestor.toFixed(0)} bytes per investor (user and membership, ${INVESTORS} rows each, with indexes).`,
  );
} finally {
  await handle.close();
  await seeded.server.stop();
  postgres.stop();
}
