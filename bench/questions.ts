import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '#server/config';
import { openDatabase } from '#server/db/database';
import { DAY_MS } from '#server/durations';
import type { BudgetRow } from './report';
import { apiCall, inviteAndSignIn, outboxSignInLinks, saveSections } from './room-fixture';
import {
  BatchInsert,
  type Dialect,
  onSqliteThenPostgres,
  p95Of,
  preparedDocumentRows,
  seededRandom,
  startSeedableServer,
} from './seeded-room';

/**
 * The questions budget (docs/decisions/0073-questions-and-answers.md): with 100,000 questions in one
 * room, a tenth of them published, the room's FAQ and a document's questions in the viewer answer an
 * investor at p95 within 25 ms, on SQLite and on PostgreSQL; the FAQ searched by a word, within 50 ms. The investor's group
 * does not see one section, so every answer applies the readability rule's filter. The questions are
 * written straight into the database (asking 100,000 through the API would hit every cap); beside each
 * route: the same server's /api/health, the floor of a request on this machine.
 */

const QUESTIONS = 100_000;
const ASKERS = 200;
const DOCUMENTS = 50;
const PAGES = 30;
const PUBLISHED_SHARE = 0.1;
const P95_BUDGET_MS = 25;
/** A search reads every published question of the room (LIKE, no index can narrow it): our own budget. */
const SEARCH_P95_BUDGET_MS = 50;
const HISTORY_DAYS = 90;

const SECTIONS = `# Company Information
name: Bench Co

## Pitch
The deck and the memo.

## Financials
The model and the cap table.
`;

const WORDS = ['revenue', 'churn', 'cap table', 'runway', 'hiring', 'pricing', 'pipeline', 'margin'];

/** 50 ready 30-page documents, 200 askers and 100,000 questions (the reader's among them) about them. */
async function seedQuestions(
  database: Config['database'],
  roomId: string,
  founderId: string,
  readerId: string,
): Promise<{ documentIds: string[]; seconds: number }> {
  const started = performance.now();
  const handle = openDatabase(database);
  const random = seededRandom(29);
  const now = Date.now();
  const documentIds = Array.from({ length: DOCUMENTS }, () => crypto.randomUUID());
  const askerIds = [readerId, ...Array.from({ length: ASKERS - 1 }, () => crypto.randomUUID())];
  try {
    await handle.db.transaction().execute(async (trx) => {
      const users = new BatchInsert(trx, 'users', 1000);
      for (const [index, id] of askerIds.slice(1).entries())
        await users.add({
          id,
          email: `asker-${index}-${id.slice(0, 8)}@fund-${index % 40}.example`,
          name: `Asker ${index + 1}`,
          role: 'investor',
          is_active: 1,
          plan: 'investor',
          created_at: now - HISTORY_DAYS * DAY_MS,
          last_login_at: now,
        });
      await users.flush();
      const documents = new BatchInsert(trx, 'documents', 500);
      const previews = new BatchInsert(trx, 'document_previews', 500, documents);
      for (const [index, id] of documentIds.entries()) {
        const rows = preparedDocumentRows({
          id,
          roomId,
          founderId,
          title: `Document ${index + 1}`,
          index,
          pages: PAGES,
          storagePrefix: 'bench-questions',
          at: now - HISTORY_DAYS * DAY_MS,
        });
        await documents.add(rows.document);
        await previews.add(rows.preview);
      }
      await previews.flush();
    });
    await handle.db.transaction().execute(async (trx) => {
      const questions = new BatchInsert(trx, 'questions', 1000);
      for (let index = 0; index < QUESTIONS; index++) {
        const askedAt = now - Math.floor(random() * HISTORY_DAYS * DAY_MS);
        const kind = random() < 0.8 ? 'document' : random() < 0.5 ? 'section' : 'room';
        const published = random() < PUBLISHED_SHARE;
        const word = WORDS[Math.floor(random() * WORDS.length)] ?? 'revenue';
        const section = random() < 0.5 ? 'pitch' : 'financials';
        await questions.add({
          id: crypto.randomUUID(),
          room_id: roomId,
          asker_id: askerIds[Math.floor(random() * ASKERS)] ?? readerId,
          subject_kind: kind,
          section_key: kind === 'section' ? section : null,
          section_name: kind === 'section' ? (section === 'pitch' ? 'Pitch' : 'Financials') : null,
          document_id: kind === 'document' ? (documentIds[Math.floor(random() * DOCUMENTS)] ?? null) : null,
          page: kind === 'document' ? 1 + Math.floor(random() * PAGES) : null,
          text: `What about the ${word} in question ${index}?`,
          state: published ? 'published' : random() < 0.5 ? 'answered' : 'open',
          answer: published ? `The ${word}, explained for question ${index}.` : null,
          published_question: published ? `What about the ${word}?` : null,
          answered_by: published ? founderId : null,
          created_at: askedAt,
          answered_at: published ? askedAt + DAY_MS : null,
          published_at: published ? askedAt + DAY_MS : null,
          answer_changed_at: published ? askedAt + DAY_MS : null,
          asker_seen_at: null,
          passages: null,
        });
      }
      await questions.flush();
    });
    await sql`analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
  return { documentIds, seconds: (performance.now() - started) / 1000 };
}

async function measureOn(dialect: Dialect, databaseUrl?: string): Promise<BudgetRow[]> {
  const { server, founderToken, founderId, roomId, database } = await startSeedableServer(databaseUrl);
  try {
    await saveSections(server, { founderToken }, SECTIONS);
    const email = `questions-reader-${Date.now()}@example.com`;
    const reader = await inviteAndSignIn(server, [founderToken], email, outboxSignInLinks(server));
    // The reader's group does not see "Financials": every answer filters by what they may read.
    const diligence = (await apiCall(
      server,
      'POST',
      '/api/my-data-room/groups',
      founderToken,
      {
        name: 'Diligence',
      },
      201,
    )) as { id: string };
    await apiCall(server, 'POST', '/api/my-data-room/section-visibility', founderToken, {
      section: 'Financials',
      visibleTo: [diligence.id],
    });
    const seeded = await seedQuestions(database, roomId, founderId, reader.userId);
    const documentId = seeded.documentIds[0] ?? '';
    const routes: [string, string, number][] = [
      ["the room's FAQ", `/api/data-room/${roomId}/faq`, P95_BUDGET_MS],
      ["a document's questions", `/api/documents/${documentId}/questions`, P95_BUDGET_MS],
      ["the room's FAQ searched", `/api/data-room/${roomId}/faq?q=churn`, SEARCH_P95_BUDGET_MS],
    ];
    const health = await p95Of(server, '/api/health', null);
    const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const rows: BudgetRow[] = [];
    for (const [label, urlPath, budget] of routes) {
      const p95 = await p95Of(server, urlPath, reader.token);
      rows.push({
        budget: `${label}, 100k questions, ${name}: p95 <= ${budget} ms`,
        measured: `${p95.toFixed(1)} ms`,
        baseline: `${health.toFixed(1)} ms (/api/health p95; seeded in ${seeded.seconds.toFixed(0)} s)`,
        pass: p95 <= budget,
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/** The questions budget on SQLite, then on a throwaway PostgreSQL cluster (the tests' kind). */
export function measureQuestionsLatency(): Promise<BudgetRow[]> {
  return onSqliteThenPostgres(measureOn);
}
