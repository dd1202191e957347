import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Config } from '#server/config';
import { openDatabase } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { DAY_MS } from '#server/durations';
import { uploadedDocumentPath } from '#shared/sections-markdown';
import { deckPdf } from '#tests/support/sample-documents';
import { openReaderViews, type ReportTarget, reportCostOf, uploadUntilReady } from './previews';
import type { BudgetRow } from './report';
import { apiCall, roomWithInvestor, saveSections } from './room-fixture';
import {
  BatchInsert,
  type Dialect,
  onSqliteThenPostgres,
  p95Of,
  preparedDocumentRows,
  seededRandom,
  startSeedableServer,
} from './seeded-room';
import { startRoundroom } from './servers';

/**
 * The engagement score's budgets (docs/decisions/0089-engagement-score.md):
 * - the ranked list ("Hot investors") of a room with 1,000 investors and 1,000,000 reading reports, p95
 *   within 50 ms on SQLite and on PostgreSQL; beside it, in the same run on the same room, the room's
 *   reading analytics (GET /api/admin/analytics) and /api/health. The refresh job builds the list's
 *   rows from the seeded roll-ups first, as it would have over the raise; its run is timed too.
 * - recording a reading report costs at most 5% more CPU with the refresh job following the room (every
 *   minute, as in production) than with it deferred past the run: the same build, the same 200 readers
 *   reporting every 10 s, measured by bench/previews.ts' report-cost run, alternately, twice each.
 */

const progress = (step: string) => process.stderr.write(`bench engagement: ${step}\n`);

const INVESTORS = 1_000;
const DOCUMENTS = 20;
const PAGES = 30;
const DOCUMENTS_PER_INVESTOR = 10;
const VIEWS_PER_DOCUMENT = 2;
const REPORTS_PER_VIEW = 50;
const DOWNLOADS = 10_000;
const QUESTIONS = 500;
const HISTORY_DAYS = 30;
const P95_BUDGET_MS = 50;
const REPORT_COST_BUDGET = 1.05;

interface Seed {
  roomId: string;
  founderId: string;
  random: () => number;
  now: number;
  documentIds: string[];
  investorIds: string[];
  investorEmails: string[];
}

type Writer = Kysely<Database>;

/** The investors (members, a third of them in "Diligence") and the ready documents. */
async function seedPeopleAndDocuments(trx: Writer, seed: Seed, diligenceId: string): Promise<void> {
  const { roomId, founderId, now } = seed;
  const users = new BatchInsert(trx, 'users', 1000);
  const members = new BatchInsert(trx, 'room_members', 1000);
  const access = new BatchInsert(trx, 'investor_access', 1000);
  for (const [index, id] of seed.investorIds.entries()) {
    const email = seed.investorEmails[index] ?? '';
    const at = now - HISTORY_DAYS * DAY_MS;
    await users.add({
      id,
      email,
      name: `Investor ${index + 1}`,
      role: 'investor',
      is_active: 1,
      plan: 'investor',
      created_at: at,
      last_login_at: now,
    });
    await members.add({ room_id: roomId, user_id: id, role: 'investor', created_at: at });
    if (index % 3 === 0)
      await access.add({
        room_id: roomId,
        email,
        group_id: diligenceId,
        access_expires_at: null,
        updated_at: at,
        // Invited by e-mail (the column's insert type takes null; its select type is ColumnType's).
        share_link_id: null,
      } as unknown as Database['investor_access']);
  }
  for (const writer of [users, members, access]) await writer.flush();
  const documents = new BatchInsert(trx, 'documents', 500);
  const previews = new BatchInsert(trx, 'document_previews', 500);
  const versions = new BatchInsert(trx, 'document_versions', 500);
  for (const [index, id] of seed.documentIds.entries()) {
    const rows = preparedDocumentRows({
      id,
      roomId,
      founderId,
      title: `Document ${index + 1}`,
      index,
      pages: PAGES,
      storagePrefix: 'bench-engagement',
      at: now - HISTORY_DAYS * DAY_MS,
    });
    await documents.add(rows.document);
    await previews.add(rows.preview);
    await versions.add(rows.version);
  }
  for (const writer of [documents, previews, versions]) await writer.flush();
}

/**
 * What 1,000,000 reports leave in the reading roll-ups (ADR 41): each investor opened ten documents
 * twice and sent 50 reports per view, reading on to a page of their own, on days over the last month;
 * each view's 'viewed' event in the access log, then downloads, then questions.
 */
async function seedReading(trx: Writer, seed: Seed): Promise<number> {
  const { roomId, random, now } = seed;
  const views = new BatchInsert(trx, 'reading_views', 2000);
  const readerPages = new BatchInsert(trx, 'reading_reader_pages', 5000);
  const documentReaders = new BatchInsert(trx, 'reading_document_readers', 2000);
  const roomReaders = new BatchInsert(trx, 'reading_room_readers', 2000);
  const events = new BatchInsert(trx, 'access_events', 2000);
  let reports = 0;
  for (const [investor, userId] of seed.investorIds.entries()) {
    let readerMs = 0;
    let firstAt = now;
    let lastAt = 0;
    const start = Math.floor(random() * DOCUMENTS);
    for (let d = 0; d < DOCUMENTS_PER_INVESTOR; d++) {
      const documentId = seed.documentIds[(start + d * 3) % DOCUMENTS] ?? '';
      const pageMs = new Array<number>(PAGES).fill(0);
      let docMs = 0;
      let docFirst = now;
      let docLast = 0;
      for (let v = 0; v < VIEWS_PER_DOCUMENT; v++) {
        const startedAt = now - Math.floor(random() * HISTORY_DAYS * DAY_MS);
        const lastPage = 3 + Math.floor(random() * (PAGES - 2));
        let viewMs = 0;
        for (let page = 0; page < lastPage; page++) {
          const ms = Math.floor(((REPORTS_PER_VIEW * 10_000) / lastPage) * (0.5 + random()));
          pageMs[page] = (pageMs[page] ?? 0) + ms;
          viewMs += ms;
        }
        await views.add({
          id: crypto.randomUUID(),
          room_id: roomId,
          document_id: documentId,
          share_link_id: null,
          user_id: userId,
          started_at: startedAt,
          last_report_at: startedAt + REPORTS_PER_VIEW * 10_000,
          read_ms: viewMs,
          pages_seen: lastPage,
          report_count: REPORTS_PER_VIEW,
          document_version: 1,
        });
        await events.add({
          id: crypto.randomUUID(),
          room_id: roomId,
          user_id: userId,
          invitation_id: null,
          document_id: documentId,
          document_title: 'Document',
          url: `/data-room/${roomId}/documents/${documentId}`,
          action: 'viewed',
          occurred_at: startedAt,
          ip: '127.0.0.1',
          user_agent: 'bench',
          document_version: 1,
        });
        reports += REPORTS_PER_VIEW;
        docMs += viewMs;
        docFirst = Math.min(docFirst, startedAt);
        docLast = Math.max(docLast, startedAt);
      }
      let pagesSeen = 0;
      for (const [index, ms] of pageMs.entries()) {
        if (ms === 0) continue;
        pagesSeen++;
        await readerPages.add({
          document_id: documentId,
          version_number: 1,
          user_id: userId,
          page: index + 1,
          read_ms: ms,
        });
      }
      await documentReaders.add({
        document_id: documentId,
        user_id: userId,
        room_id: roomId,
        view_count: VIEWS_PER_DOCUMENT,
        read_ms: docMs,
        pages_seen: pagesSeen,
        first_viewed_at: docFirst,
        last_viewed_at: docLast,
        clock_at: docLast + REPORTS_PER_VIEW * 10_000,
      });
      readerMs += docMs;
      firstAt = Math.min(firstAt, docFirst);
      lastAt = Math.max(lastAt, docLast);
    }
    await roomReaders.add({
      room_id: roomId,
      user_id: userId,
      view_count: DOCUMENTS_PER_INVESTOR * VIEWS_PER_DOCUMENT,
      read_ms: readerMs,
      first_viewed_at: firstAt,
      last_seen_at: lastAt,
    });
    if (investor % 100 === 99) progress(`seeded ${investor + 1} investors' reading`);
  }
  for (let n = 0; n < DOWNLOADS; n++) {
    const documentId = seed.documentIds[Math.floor(random() * DOCUMENTS)] ?? '';
    await events.add({
      id: crypto.randomUUID(),
      room_id: roomId,
      user_id: seed.investorIds[Math.floor(random() * INVESTORS)] ?? null,
      invitation_id: null,
      document_id: documentId,
      document_title: 'Document',
      url: `/api/documents/${documentId}/download`,
      action: 'downloaded',
      occurred_at: now - Math.floor(random() * HISTORY_DAYS * DAY_MS),
      ip: '127.0.0.1',
      user_agent: 'bench',
      document_version: 1,
    });
  }
  for (const writer of [views, readerPages, documentReaders, roomReaders, events]) await writer.flush();
  await seedQuestions(trx, seed);
  return reports;
}

async function seedQuestions(trx: Writer, { roomId, random, now, documentIds, investorIds }: Seed) {
  const questions = new BatchInsert(trx, 'questions', 500);
  for (let n = 0; n < QUESTIONS; n++) {
    const documentId = documentIds[Math.floor(random() * DOCUMENTS)] ?? null;
    await questions.add({
      id: crypto.randomUUID(),
      room_id: roomId,
      asker_id: investorIds[Math.floor(random() * INVESTORS)] ?? '',
      subject_kind: 'document',
      section_key: null,
      section_name: null,
      document_id: documentId,
      page: null,
      text: 'What is the burn?',
      state: 'open',
      answer: null,
      published_question: null,
      answered_by: null,
      created_at: now - Math.floor(random() * HISTORY_DAYS * DAY_MS),
      answered_at: null,
      published_at: null,
      answer_changed_at: null,
      asker_seen_at: null,
      passages: null,
    });
  }
  await questions.flush();
}

/** The sections linking the documents: the first fifteen in "Pitch", the rest in "Financials". */
function sectionsLinking(documentIds: string[]): string {
  const link = (id: string, index: number) => `- [Document ${index + 1}](${uploadedDocumentPath(id)})`;
  return [
    '# Company Information',
    'name: Bench Co',
    '',
    '## Pitch',
    ...documentIds.slice(0, 15).map(link),
    '',
    '## Financials',
    ...documentIds.slice(15).map((id, index) => link(id, index + 15)),
    '',
  ].join('\n');
}

/** How long the refresh job's last run over the room took (wall clock; its CPU is at most that). */
async function lastRunMsOf(database: Config['database'], roomId: string): Promise<number> {
  const handle = openDatabase(database);
  try {
    const state = await handle.db
      .selectFrom('engagement_rooms')
      .select('last_run_ms')
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    return Number(state?.last_run_ms ?? Number.NaN);
  } finally {
    await handle.close();
  }
}

/** Seeds the room, then asks the refresh job for a run (marking a key document) and waits for its rows. */
async function seededRoom(
  server: Awaited<ReturnType<typeof startSeedableServer>>,
): Promise<{ reports: number; refreshSeconds: number; runSeconds: number; seedSeconds: number }> {
  const { founderToken, roomId, founderId, database } = server;
  const started = performance.now();
  const seed: Seed = {
    roomId,
    founderId,
    random: seededRandom(89),
    now: Date.now(),
    documentIds: Array.from({ length: DOCUMENTS }, () => crypto.randomUUID()),
    investorIds: Array.from({ length: INVESTORS }, () => crypto.randomUUID()),
    investorEmails: Array.from(
      { length: INVESTORS },
      (_, index) => `engagement-${index}@fund-${index % 97}.example`,
    ),
  };
  const diligence = (await apiCall(
    server.server,
    'POST',
    '/api/my-data-room/groups',
    founderToken,
    { name: 'Diligence' },
    201,
  )) as {
    id: string;
  };
  const handle = openDatabase(database as Config['database']);
  let reports = 0;
  try {
    await handle.db.transaction().execute((trx) => seedPeopleAndDocuments(trx, seed, diligence.id));
    reports = await handle.db.transaction().execute((trx) => seedReading(trx, seed));
    await sql`analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
  await saveSections(server.server, { founderToken }, sectionsLinking(seed.documentIds));
  await apiCall(server.server, 'POST', '/api/my-data-room/section-visibility', founderToken, {
    section: 'Financials',
    visibleTo: [diligence.id],
  });
  const seedSeconds = (performance.now() - started) / 1000;
  const asked = performance.now();
  await apiCall(server.server, 'POST', `/api/documents/${seed.documentIds[0]}/key`, founderToken, {
    isKey: true,
  });
  // The run comes at the next whole minute (ENGAGEMENT_REFRESH_MS's default), then reads every investor.
  for (;;) {
    const list = (await apiCall(server.server, 'GET', '/api/admin/engagement?limit=1', founderToken)) as {
      investorCount: number;
    };
    if (list.investorCount >= INVESTORS) break;
    if (performance.now() - asked > 5 * 60_000)
      throw new Error('the refresh job did not score the room in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const runMs = await lastRunMsOf(database as Config['database'], roomId);
  return {
    reports,
    refreshSeconds: (performance.now() - asked) / 1000,
    runSeconds: runMs / 1000,
    seedSeconds,
  };
}

async function measureListOn(dialect: Dialect, databaseUrl?: string): Promise<BudgetRow[]> {
  const seedable = await startSeedableServer(databaseUrl);
  const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  try {
    progress(`${name}: seeding 1,000 investors and 1M reports`);
    const seeded = await seededRoom(seedable);
    progress(`${name}: measuring`);
    const { server, founderToken } = seedable;
    const health = await p95Of(server, '/api/health', null);
    const analytics = await p95Of(server, '/api/admin/analytics', founderToken);
    const list = await p95Of(server, '/api/admin/engagement', founderToken);
    const filtered = await p95Of(server, `/api/admin/engagement?group=${seedable.roomId}`, founderToken);
    const everyone = await p95Of(server, `/api/admin/engagement?limit=${INVESTORS}`, founderToken);
    const baseline = `room analytics ${analytics.toFixed(1)} ms, /api/health ${health.toFixed(1)} ms (p95, same room and run)`;
    return [
      {
        budget: `Hot investors (the top 50), 1,000 investors, ${(seeded.reports / 1e6).toFixed(0)}M reports, ${name}: p95 <= ${P95_BUDGET_MS} ms`,
        measured: `${list.toFixed(1)} ms`,
        baseline,
        pass: list <= P95_BUDGET_MS,
      },
      {
        budget: `the same, all 1,000 rows in the answer (?limit=1000), ${name} (no budget)`,
        measured: `${everyone.toFixed(1)} ms`,
        baseline,
        pass: true,
      },
      {
        budget: `Hot investors of one group (667 of them), ${name}: p95 <= ${P95_BUDGET_MS} ms`,
        measured: `${filtered.toFixed(1)} ms`,
        baseline,
        pass: filtered <= P95_BUDGET_MS,
      },
      {
        budget: `the refresh job's first run over the room, ${name} (no budget: seeded in ${seeded.seedSeconds.toFixed(0)} s)`,
        measured: `${seeded.runSeconds.toFixed(1)} s, ${seeded.refreshSeconds.toFixed(1)} s after it was asked for (the run comes at the next whole minute)`,
        baseline: '-',
        pass: true,
      },
    ];
  } finally {
    await seedable.server.stop();
  }
}

/** CPU ms per report with the refresh following the room (production's interval) and deferred past the run. */
async function measureReportCost(): Promise<BudgetRow[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-engagement-'));
  const pdf = path.join(work, 'deck-30.pdf');
  fs.writeFileSync(pdf, deckPdf(30));
  const runs: Record<'followed' | 'deferred', number[]> = { followed: [], deferred: [] };
  const refreshRunsMs: number[] = [];
  try {
    for (const round of [1, 2]) {
      for (const mode of ['deferred', 'followed'] as const) {
        progress(`report cost, round ${round}: refresh ${mode}`);
        // Deferred: the run would come at the next whole hour, past the measurement.
        const server = await startRoundroom(mode === 'deferred' ? { ENGAGEMENT_REFRESH_MS: '3600000' } : {});
        try {
          const room = await roomWithInvestor(server);
          const deck = await uploadUntilReady(server, room, pdf, 'Deck 30 pages.pdf');
          const views = await openReaderViews(server, room, deck.id);
          const target: ReportTarget = { baseUrl: server.baseUrl, pid: () => server.child.pid ?? 0 };
          runs[mode].push((await reportCostOf(target, views)).spread);
          if (mode === 'followed')
            refreshRunsMs.push(
              await lastRunMsOf(
                { dialect: 'sqlite', file: path.join(server.dataDir, 'roundroom.sqlite') },
                room.roomId,
              ),
            );
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const ratio = mean(runs.followed) / mean(runs.deferred);
  // A run a minute over the room's 200 readers, who send 1,200 reports in that minute.
  const refreshPerReport = mean(refreshRunsMs) / ((60_000 / 10_000) * 200);
  return [
    {
      budget: `the refresh's own cost per report, at one run a minute over 200 readers (no budget beside the row below)`,
      measured: `${refreshPerReport.toFixed(3)} ms a report (${((100 * refreshPerReport) / mean(runs.deferred)).toFixed(1)}% of a report's CPU)`,
      baseline: `its last run over the room took ${refreshRunsMs.map((ms) => `${ms} ms`).join(', ')} (wall clock, so its CPU is at most that)`,
      pass: true,
    },
    {
      budget: `a reading report with the engagement refresh following the room <= ${REPORT_COST_BUDGET}x the same with it deferred`,
      measured: `${mean(runs.followed).toFixed(3)} ms CPU per report (${ratio.toFixed(3)}x; runs ${runs.followed.map((value) => value.toFixed(3)).join(', ')})`,
      baseline: `deferred: ${mean(runs.deferred).toFixed(3)} ms (runs ${runs.deferred.map((value) => value.toFixed(3)).join(', ')}); 200 readers every 10 s for 60 s, alternately`,
      pass: ratio <= REPORT_COST_BUDGET,
    },
  ];
}

/** ENGAGEMENT_BENCH=list or =reports measures one part; =list-sqlite the list on SQLite alone (to profile it). */
export async function measureEngagementBudgets(): Promise<BudgetRow[]> {
  const part = process.env.ENGAGEMENT_BENCH;
  const rows: BudgetRow[] = [];
  if (part === 'list-sqlite') return measureListOn('sqlite');
  if (part !== 'reports') rows.push(...(await onSqliteThenPostgres(measureListOn)));
  if (part !== 'list') rows.push(...(await measureReportCost()));
  return rows;
}
