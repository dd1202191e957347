import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '#server/config';
import { openDatabase } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { DAY_MS } from '#server/durations';
import { peakRssDuring, rssBytes } from './process-memory';
import type { BudgetRow } from './report';
import { type Dialect, insertAll, onSqliteThenPostgres, startSeedableServer } from './seeded-room';

/**
 * The export budget (docs/decisions/0042-csv-exports.md): the access log of a room with 1,000,000 access events exports as CSV with
 * the server's peak RSS under 200 MB (it is streamed from the database in keyset pages, ADR 42). One in
 * ten events is a view with its reading_views row, so every page also looks up reading times. Baseline:
 * the same server's idle RSS just before the export.
 */

const ACCESS_EVENTS = 1_000_000;
const VIEW_EVERY = 10;
const READERS = 200;
const DOCUMENTS = 50;
const RSS_BUDGET_MB = 200;
const HISTORY_MS = 60 * DAY_MS;
const MB = 1024 * 1024;

/** A million access events in the room, written straight into the database in multi-row inserts. */
async function seedAccessLog(
  database: Config['database'],
  roomId: string,
  founderId: string,
): Promise<number> {
  const started = performance.now();
  const handle = openDatabase(database);
  const now = Date.now();
  const readerIds = Array.from({ length: READERS }, () => crypto.randomUUID());
  const documentIds = Array.from({ length: DOCUMENTS }, () => crypto.randomUUID());
  try {
    await handle.db.transaction().execute(async (trx) => {
      await insertAll(
        trx,
        'users',
        readerIds.map((id, index) => ({
          id,
          email: `export-reader-${index}-${id.slice(0, 8)}@example.com`,
          name: `Reader, "${index + 1}"`,
          role: 'investor' as const,
          is_active: 1 as const,
          plan: 'investor',
          created_at: now - HISTORY_MS,
          last_login_at: now,
        })),
        1000,
      );
      await insertAll(
        trx,
        'room_members',
        readerIds.map((id) => ({ room_id: roomId, user_id: id, role: 'investor' as const, created_at: now })),
        1000,
      );
      await insertAll(
        trx,
        'documents',
        documentIds.map((id, index) => ({
          id,
          room_id: roomId,
          title: `Document ${index + 1}`,
          original_name: `document-${index + 1}.pdf`,
          file_type: 'pdf',
          mime_type: 'application/pdf',
          size_bytes: 1_000_000,
          sha256: crypto.randomBytes(32).toString('hex'),
          storage_key: `bench-exports/${id}`,
          download_policy: null,
          uploaded_by: founderId,
          created_at: now - HISTORY_MS,
          updated_at: now - HISTORY_MS,
          current_version: 1,
        })),
        500,
      );
    });
    // In slices of 100,000 events, each one transaction, so the seeding itself stays small in memory.
    const SLICE = 100_000;
    for (let sliceStart = 0; sliceStart < ACCESS_EVENTS; sliceStart += SLICE) {
      const events: Database['access_events'][] = [];
      const views: Database['reading_views'][] = [];
      for (let index = sliceStart; index < sliceStart + SLICE; index++) {
        const userId = readerIds[index % READERS] ?? '';
        const documentId = documentIds[index % DOCUMENTS] ?? '';
        const at = now - HISTORY_MS + Math.floor((index / ACCESS_EVENTS) * HISTORY_MS);
        const kind = index % VIEW_EVERY === 0 ? 'viewed' : index % 3 === 0 ? 'clicked' : 'downloaded';
        if (kind === 'viewed')
          views.push({
            id: crypto.randomUUID(),
            room_id: roomId,
            document_id: documentId,
            user_id: userId,
            started_at: at,
            last_report_at: at + 60_000,
            read_ms: 60_000,
            pages_seen: 3,
            report_count: 6,
            document_version: 1,
            share_link_id: null,
          });
        events.push({
          id: crypto.randomUUID(),
          room_id: roomId,
          user_id: userId,
          invitation_id: null,
          document_id: kind === 'clicked' ? null : documentId,
          document_title: kind === 'clicked' ? '=Cap table' : `Document ${(index % DOCUMENTS) + 1}`,
          url:
            kind === 'clicked'
              ? 'https://files.example.com/cap-table.pdf'
              : `/api/documents/${documentId}/download`,
          action: kind,
          occurred_at: at,
          ip: '127.0.0.1',
          user_agent: 'bench',
          document_version: kind === 'clicked' ? null : 1,
        });
      }
      await handle.db.transaction().execute(async (trx) => {
        await insertAll(trx, 'reading_views', views, 2000);
        await insertAll(trx, 'access_events', events, 2000);
      });
    }
    await sql`analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
  return (performance.now() - started) / 1000;
}

/** Reads the export as it arrives (never whole), counting its records' line ends. */
async function downloadAndCount(url: string, token: string): Promise<{ lines: number; bytes: number }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body) throw new Error(`GET ${url}: ${response.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines++;
  }
  return { lines, bytes };
}

async function measureOn(dialect: Dialect, databaseUrl?: string): Promise<BudgetRow[]> {
  const { server, founderToken, founderId, roomId, database } = await startSeedableServer(databaseUrl);
  try {
    const seededSeconds = await seedAccessLog(database, roomId, founderId);
    const pid = server.child.pid ?? 0;
    const idle = rssBytes(pid);
    let result = { lines: 0, bytes: 0 };
    const started = performance.now();
    const peak = await peakRssDuring(pid, async () => {
      result = await downloadAndCount(`${server.baseUrl}/api/admin/exports/access-log.csv`, founderToken);
    });
    const seconds = (performance.now() - started) / 1000;
    // The header and one line per event.
    if (result.lines !== ACCESS_EVENTS + 1)
      throw new Error(`the export had ${result.lines} lines, not ${ACCESS_EVENTS + 1}`);
    const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    return [
      {
        budget: `CSV export of 1M access events, ${name}: server peak RSS < ${RSS_BUDGET_MB} MB`,
        measured: `${(peak / MB).toFixed(0)} MB peak (${(result.bytes / MB).toFixed(0)} MB of CSV in ${seconds.toFixed(1)} s)`,
        baseline: `${(idle / MB).toFixed(0)} MB idle RSS, same server (seeded in ${seededSeconds.toFixed(0)} s)`,
        pass: peak < RSS_BUDGET_MB * MB,
      },
    ];
  } finally {
    await server.stop();
  }
}

/** The export budget on SQLite, then on a throwaway PostgreSQL cluster (the tests' kind). */
export function measureExportBudgets(): Promise<BudgetRow[]> {
  return onSqliteThenPostgres(measureOn);
}
