import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findPreview } from '#server/features/documents/previews.repository';
import { backUp } from '#server/operations/backup';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { previewRoutes } from '#shared/contracts/previews';
import type { DocumentAnalytics } from '#shared/contracts/reading';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import {
  createFounder,
  founderWithInvestor,
  mailTo,
  type SignedIn,
  uploadFile,
} from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { deckPdf } from '#tests/support/sample-documents';
import { storedBytes } from '#tests/support/stored-objects';
import { fetchBytes, startTestApp, type TestApp } from '#tests/support/test-app';
import { SAMPLE_FILES } from '#tests/support/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ environment: { PREVIEW_TIME_LIMIT_MS: '60000', JOB_POLL_INTERVAL_MS: '50' } });
}, 120_000);
afterAll(() => t?.close());

interface History {
  documentId: string;
  title: string;
  versions: {
    number: number;
    status: string;
    fileName: string;
    fileSize: string;
    uploadedBy: string;
    readers: { email: string; views: number }[];
  }[];
}

function fileForm(name: string, bytes: Buffer, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [field, value] of Object.entries(fields)) data.append(field, value);
  data.append('file', new Blob([bytes]), name);
  return data;
}

const replace = (founder: SignedIn, documentId: string, name: string, bytes: Buffer) =>
  t.call(documentRoutes.replaceFile, {
    params: { id: documentId },
    form: fileForm(name, bytes),
    as: founder,
  });

async function uploadedDeck(founder: SignedIn, pages: number): Promise<string> {
  const response = await uploadFile(
    t,
    founder,
    { name: 'Deck.pdf', bytes: deckPdf(pages) },
    { section: 'Decks' },
  );
  expect(response.status, response.text).toBe(201);
  await t.app.jobs.whenIdle();
  return (response.json as { document: { id: string } }).document.id;
}

async function historyOf(founder: SignedIn, documentId: string): Promise<History> {
  const response = await t.call(documentRoutes.versions, { params: { id: documentId }, as: founder });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

async function pagesSeenBy(reader: SignedIn, documentId: string): Promise<number> {
  const response = await t.call(previewRoutes.preview, { params: { id: documentId }, as: reader });
  expect(response.status, response.text).toBe(200);
  return response.json.pages.length;
}

describe('Replace file', () => {
  test('keeps the document; readers get the earlier pages until the new file is prepared, then the new ones', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedDeck(founder, 2);
    expect(await pagesSeenBy(investor, documentId)).toBe(2);
    const opened = await t.call(readingRoutes.openView, { params: { id: documentId }, as: investor });
    expect(opened.status, opened.text).toBe(201);

    const newDeck = deckPdf(3);
    const response = await replace(founder, documentId, 'Deck v2.pdf', newDeck);
    expect(response.status, response.text).toBe(201);
    const body = response.json;
    expect(body.message).toBe('File replaced');
    expect(body.version).toMatchObject({ number: 2, status: 'preparing' });
    // Until its preparation ends, the reader's viewer and download are the first version's.
    expect(await pagesSeenBy(investor, documentId)).toBe(2);

    await t.app.jobs.whenIdle();
    expect(await pagesSeenBy(investor, documentId)).toBe(3);
    const preview = await t.call(previewRoutes.preview, { params: { id: documentId }, as: investor });
    expect(preview.json.replacedAt).toEqual(expect.any(String));
    const download = await fetchBytes(
      t,
      apiPath(documentRoutes.download, { params: { id: documentId } }),
      investor.auth,
    );
    expect(download.status).toBe(200);
    expect(download.bytes).toEqual(newDeck);

    const row = await t.app.database.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Deck.pdf', current_version: 2, size_bytes: newDeck.length });
    const markdown = (await t.call(roomRoutes.mySections, { as: founder })).json;
    expect(markdown.content).toContain(
      `[Deck.pdf](${apiPath(documentRoutes.download, { params: { id: documentId } })})`,
    );

    const history = await historyOf(founder, documentId);
    expect(history.versions.map(({ number, status, fileName }) => ({ number, status, fileName }))).toEqual([
      { number: 2, status: 'current', fileName: 'Deck v2.pdf' },
      { number: 1, status: 'earlier', fileName: 'Deck.pdf' },
    ]);
    expect(history.versions[0]?.uploadedBy).toBe(founder.user.email);
    expect(history.versions[1]?.readers).toEqual([
      expect.objectContaining({ email: investor.user.email, views: 1 }),
    ]);
    expect(history.versions[0]?.readers).toEqual([]);

    const events = await t.app.database.db
      .selectFrom('access_events')
      .select(['action', 'document_version'])
      .where('document_id', '=', documentId)
      .orderBy('occurred_at')
      .execute();
    expect(events).toEqual([
      { action: 'viewed', document_version: 1 },
      { action: 'downloaded', document_version: 2 },
    ]);
    const log = await t.call(adminRoutes.recentAccess, { as: founder });
    expect(log.json.map(({ actionType, documentVersion }) => ({ actionType, documentVersion }))).toEqual([
      { actionType: 'downloaded', documentVersion: 2 },
      { actionType: 'viewed', documentVersion: 1 },
    ]);

    const room = await t.call(roomRoutes.mine, { as: founder });
    const roomId = room.json.id;
    const listed = await t.call(documentRoutes.inRoom, { params: { id: roomId }, as: investor });
    expect(listed.json).toEqual([expect.objectContaining({ id: documentId, version: 2 })]);
  });

  test('investors never reach a version: not the history, not an earlier file, not the current one by number', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedDeck(founder, 1);
    expect((await replace(founder, documentId, 'Deck.pdf', deckPdf(2))).status).toBe(201);
    await t.app.jobs.whenIdle();
    for (const path of [
      apiPath(documentRoutes.versions, { params: { id: documentId } }),
      apiPath(documentRoutes.downloadVersion, { params: { id: documentId, number: '1' } }),
      apiPath(documentRoutes.downloadVersion, { params: { id: documentId, number: '2' } }),
    ]) {
      expect((await t.request('GET', path, { headers: investor.auth })).status).toBe(403);
    }
    const before = await writtenState(t);
    expect((await replace(investor, documentId, 'Deck.pdf', deckPdf(1))).status).toBe(403);
    expect(
      (await t.call(documentRoutes.restoreVersion, { params: { id: documentId, number: '1' }, as: investor }))
        .status,
    ).toBe(403);
    expect(
      (await t.call(documentRoutes.removeVersion, { params: { id: documentId, number: '1' }, as: investor }))
        .status,
    ).toBe(403);
    await expectNothingWritten(t, before);
  });

  test("a wrong type, a file whose content lies, an empty file or another room's document writes nothing", async () => {
    const founder = await createFounder(t);
    const other = await createFounder(t);
    const documentId = await uploadedDeck(founder, 1);
    const before = await writtenState(t);
    expectRefusal(await replace(founder, documentId, 'page.html', SAMPLE_FILES.html), 415, {
      error: 'file_type_not_allowed',
      message: /\.html/,
    });
    expectRefusal(await replace(founder, documentId, 'fake.pdf', SAMPLE_FILES.png), 415, {
      error: 'content_mismatch',
      message: /not a real \.pdf/,
    });
    expectRefusal(await replace(founder, documentId, 'empty.pdf', Buffer.alloc(0)), 400, {
      error: 'empty_file',
      message: /empty/,
    });
    expectRefusal(await replace(other, documentId, 'Deck.pdf', deckPdf(1)), 404, {
      message: /does not exist/,
    });
    const unknownField = await t.call(documentRoutes.replaceFile, {
      params: { id: documentId },
      form: fileForm('Deck.pdf', deckPdf(1), { notifyReaders: 'maybe' }),
      as: founder,
    });
    expectRefusal(unknownField, 400, { message: /notifyReaders/ });
    expectRefusal(
      await t.call(documentRoutes.replaceFile, {
        params: { id: 'not-an-id' },
        form: fileForm('Deck.pdf', deckPdf(1)),
        as: founder,
      }),
      400,
      { message: /document id/ },
    );
    await expectNothingWritten(t, before);
  });

  test('"Notify those who read the earlier version" mails each of its readers the document\'s link once the new one is current', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedDeck(founder, 1);
    const unread = await uploadedDeck(founder, 1);
    expect((await t.call(readingRoutes.openView, { params: { id: documentId }, as: investor })).status).toBe(
      201,
    );
    const mailsBefore = t.smtp.messages.length;
    const response = await t.call(documentRoutes.replaceFile, {
      params: { id: documentId },
      form: fileForm('Deck.pdf', deckPdf(2), { notifyReaders: 'true' }),
      as: founder,
    });
    expect(response.status, response.text).toBe(201);
    const quiet = await t.call(documentRoutes.replaceFile, {
      params: { id: unread },
      form: fileForm('Deck.pdf', deckPdf(2), { notifyReaders: 'true' }),
      as: founder,
    });
    expect(quiet.status, quiet.text).toBe(201);
    await t.app.jobs.whenIdle();
    await t.app.jobs.whenIdle();
    const mail = await mailTo(t, investor.user.email, 'updated Deck.pdf');
    const room = (await t.call(roomRoutes.mine, { as: founder })).json;
    expect(mail.text).toContain(`/data-room/${room.id}/documents/${documentId}`);
    // One mail: the reader of the first document only, once.
    const updates = t.smtp.messages.slice(mailsBefore).filter((sent) => sent.subject?.includes('updated'));
    expect(updates).toHaveLength(1);
  });

  test('a file over 50 MB is a 413, streamed without Content-Length, and leaves no partial file or row', async () => {
    const founder = await createFounder(t);
    const documentId = await uploadedDeck(founder, 1);
    const before = await writtenState(t);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 10, 0x20);
    big.write('%PDF-1.7');
    // A streamed body is sent chunked: the server only learns the size by reading it.
    const encoded = new Response(fileForm('huge.pdf', big));
    const response = await fetch(
      `${t.baseUrl}${apiPath(documentRoutes.replaceFile, { params: { id: documentId } })}`,
      {
        method: 'POST',
        headers: { ...founder.auth, 'content-type': encoded.headers.get('content-type') ?? '' },
        body: encoded.body,
        duplex: 'half',
      } as RequestInit,
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('file_too_large');
    await expectNothingWritten(t, before);
  });
});

/**
 * Fills the room with `count` documents of one version each (rows only: the plan's count reads them);
 * what it returns removes them, as a backup later in this file reads every version's file.
 */
async function seedFiles(founder: SignedIn, count: number): Promise<() => Promise<void>> {
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;
  const now = Date.now();
  const documents = Array.from({ length: count }, (_, index) => ({
    id: crypto.randomUUID(),
    room_id: room.id,
    original_name: `File ${index}.pdf`,
    file_type: 'pdf',
    mime_type: 'application/pdf',
    size_bytes: 1,
    sha256: 'd'.repeat(64),
    storage_key: crypto.randomUUID(),
    uploaded_by: founder.user.id,
    created_at: now,
  }));
  const db = t.app.database.db;
  await db
    .insertInto('documents')
    .values(
      documents.map((document) => ({
        ...document,
        title: document.original_name,
        current_version: 1,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('document_versions')
    .values(
      documents.map(({ id, ...document }) => ({
        ...document,
        document_id: id,
        number: 1,
        status: 'current' as const,
        is_readers_notified: 0,
        page_count: 1,
      })),
    )
    .execute();
  const ids = documents.map((document) => document.id);
  return async () => {
    await db.deleteFrom('document_versions').where('document_id', 'in', ids).execute();
    await db.deleteFrom('documents').where('id', 'in', ids).execute();
  };
}

describe("The plan's 500 uploads per room (docs/decisions/0096-versions-count-as-uploads.md)", () => {
  test('each version is one upload: at 500 files a new version, a restore and an upload are refused by the limit; deleting an earlier version frees one', async () => {
    const founder = await createFounder(t);
    const documentId = await uploadedDeck(founder, 1);
    expect((await replace(founder, documentId, 'Deck v2.pdf', deckPdf(2))).status).toBe(201);
    // 499 documents, 500 stored files.
    const unseed = await seedFiles(founder, 498);
    const before = await writtenState(t);
    const limit = { error: 'upload_limit_reached', message: /Your plan allows 500 uploads per data room/ };
    expectRefusal(await replace(founder, documentId, 'Deck v3.pdf', deckPdf(3)), 409, limit);
    expectRefusal(
      await t.call(documentRoutes.restoreVersion, { params: { id: documentId, number: '1' }, as: founder }),
      409,
      limit,
    );
    expectRefusal(
      await uploadFile(t, founder, { name: 'One more.pdf', bytes: deckPdf(1) }, { section: 'Decks' }),
      409,
      limit,
    );
    await expectNothingWritten(t, before);

    const deleted = await t.call(documentRoutes.removeVersion, {
      params: { id: documentId, number: '1' },
      as: founder,
    });
    expect(deleted.status, deleted.text).toBe(204);
    const replaced = await replace(founder, documentId, 'Deck v3.pdf', deckPdf(3));
    expect(replaced.status, replaced.text).toBe(201);
    expectRefusal(await replace(founder, documentId, 'Deck v4.pdf', deckPdf(4)), 409, limit);
    await t.app.jobs.whenIdle();
    await unseed();
  });

  test('ten new versions at once into the last free slot: exactly one is stored', async () => {
    const founder = await createFounder(t);
    const documentId = await uploadedDeck(founder, 1);
    const unseed = await seedFiles(founder, 498);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => replace(founder, documentId, `Deck ${index}.pdf`, deckPdf(2))),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    await t.app.jobs.whenIdle();
    expect((await historyOf(founder, documentId)).versions).toHaveLength(2);
    await unseed();
  });
});

describe('Earlier versions', () => {
  test('the founder downloads an earlier version, restores it as a new version, and deletes an old one', async () => {
    const founder = await createFounder(t);
    const documentId = await uploadedDeck(founder, 1);
    const first = await t.app.database.db
      .selectFrom('document_versions')
      .select(['storage_key', 'sha256'])
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    const firstBytes = await storedBytes(t.config, first.storage_key);
    expect((await replace(founder, documentId, 'Deck.pdf', deckPdf(2))).status).toBe(201);
    await t.app.jobs.whenIdle();

    const earlier = await fetchBytes(
      t,
      apiPath(documentRoutes.downloadVersion, { params: { id: documentId, number: '1' } }),
      founder.auth,
    );
    expect(earlier.status).toBe(200);
    expect(earlier.bytes).toEqual(firstBytes);

    const restored = await t.call(documentRoutes.restoreVersion, {
      params: { id: documentId, number: '1' },
      as: founder,
    });
    expect(restored.status, restored.text).toBe(201);
    expect(restored.json.version.number).toBe(3);
    await t.app.jobs.whenIdle();
    const row = await t.app.database.db
      .selectFrom('documents')
      .select(['current_version', 'sha256'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_version: 3, sha256: first.sha256 });

    expectRefusal(
      await t.call(documentRoutes.removeVersion, { params: { id: documentId, number: '3' }, as: founder }),
      409,
      { error: 'current_version', message: /readers get/ },
    );
    expectRefusal(
      await t.call(documentRoutes.restoreVersion, { params: { id: documentId, number: '3' }, as: founder }),
      409,
      { error: 'already_current', message: /already/ },
    );
    const deleted = await t.call(documentRoutes.removeVersion, {
      params: { id: documentId, number: '1' },
      as: founder,
    });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await storedBytes(t.config, first.storage_key)).toBeUndefined();
    expect((await historyOf(founder, documentId)).versions.map((version) => version.number)).toEqual([3, 2]);

    const other = await createFounder(t);
    const before = await writtenState(t);
    expectRefusal(
      await t.call(documentRoutes.restoreVersion, { params: { id: documentId, number: '1' }, as: founder }),
      404,
      { message: /version does not exist/ },
    );
    expectRefusal(
      await t.call(documentRoutes.removeVersion, { params: { id: documentId, number: '1' }, as: founder }),
      404,
      { message: /version does not exist/ },
    );
    expectRefusal(
      await t.call(documentRoutes.downloadVersion, { params: { id: documentId, number: '1' }, as: founder }),
      404,
      { message: /version does not exist/ },
    );
    expectRefusal(
      await t.call(documentRoutes.restoreVersion, { params: { id: documentId, number: '0' }, as: founder }),
      400,
      { message: /version number/ },
    );
    expectRefusal(
      await t.call(documentRoutes.restoreVersion, { params: { id: documentId, number: '2' }, as: other }),
      404,
      { message: /does not exist/ },
    );
    await expectNothingWritten(t, before);
  });

  test('two replacements in a row: the later one is current whichever is prepared first', async () => {
    const founder = await createFounder(t);
    const documentId = await uploadedDeck(founder, 1);
    expect((await replace(founder, documentId, 'Deck v2.pdf', deckPdf(2))).status).toBe(201);
    expect((await replace(founder, documentId, 'Deck v3.pdf', deckPdf(3))).status).toBe(201);
    await t.app.jobs.whenIdle();
    const history = await historyOf(founder, documentId);
    expect(history.versions.map(({ number, status }) => ({ number, status }))).toEqual([
      { number: 3, status: 'current' },
      { number: 2, status: 'earlier' },
      { number: 1, status: 'earlier' },
    ]);
    const preview = await findPreview(t.app.database.db, documentId);
    expect(preview).toMatchObject({ status: 'ready', pageCount: 3, versionNumber: 3 });
  });

  test("a backup holds every version's file, not only the current one's", async () => {
    const founder = await createFounder(t);
    const documentId = await uploadedDeck(founder, 1);
    expect((await replace(founder, documentId, 'Deck.pdf', deckPdf(2))).status).toBe(201);
    await t.app.jobs.whenIdle();
    const keys = (
      await t.app.database.db
        .selectFrom('document_versions')
        .select('storage_key')
        .where('document_id', '=', documentId)
        .execute()
    ).map((row) => row.storage_key);
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-versions-backup-'));
    try {
      const manifest = await backUp(t.config, path.join(directory, 'backup'));
      const backedUp = manifest.files.map((file) => file.key);
      for (const key of keys) expect(backedUp).toContain(key);
      expect(new Set(backedUp).size).toBe(backedUp.length);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  test("deleting the document removes every version's file", async () => {
    const founder = await createFounder(t);
    const documentId = await uploadedDeck(founder, 1);
    expect((await replace(founder, documentId, 'Deck.pdf', deckPdf(2))).status).toBe(201);
    await t.app.jobs.whenIdle();
    const keys = (
      await t.app.database.db
        .selectFrom('document_versions')
        .select('storage_key')
        .where('document_id', '=', documentId)
        .execute()
    ).map((row) => row.storage_key);
    expect(keys).toHaveLength(2);
    expect((await t.call(documentRoutes.remove, { params: { id: documentId }, as: founder })).status).toBe(
      204,
    );
    for (const key of keys) expect(await storedBytes(t.config, key)).toBeUndefined();
  });
});

describe('Analytics by version (docs/decisions/0077-reading-analytics-by-version.md)', () => {
  const openView = async (reader: SignedIn, documentId: string): Promise<string> => {
    const response = await t.call(readingRoutes.openView, { params: { id: documentId }, as: reader });
    expect(response.status, response.text).toBe(201);
    return (response.json as { viewId: string }).viewId;
  };
  /** Reports these pages on a view as if it had been open for as long as they took. */
  const readOn = async (reader: SignedIn, viewId: string, pages: { page: number; seconds: number }[]) => {
    const ms = (pages.reduce((sum, page) => sum + page.seconds, 0) + 1) * 1000;
    const db = t.app.database.db;
    const view = await db
      .selectFrom('reading_views')
      .selectAll()
      .where('id', '=', viewId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('reading_views')
      .set({
        started_at: view.started_at - ms,
        last_report_at: view.last_report_at && view.last_report_at - ms,
      })
      .where('id', '=', viewId)
      .execute();
    await db
      .updateTable('reading_document_readers')
      .set((eb) => ({ clock_at: eb('clock_at', '-', ms) }))
      .where('document_id', '=', view.document_id)
      .where('user_id', '=', view.user_id)
      .execute();
    const response = await t.call(readingRoutes.report, {
      params: { viewId },
      rawBody: { pages },
      as: reader,
    });
    expect(response.status, response.text).toBe(204);
  };
  const analyticsOf = async (founder: SignedIn, documentId: string, query = '') => {
    const path = apiPath(readingRoutes.document, { params: { documentId } });
    const response = await t.request('GET', `${path}${query}`, { headers: founder.auth });
    expect(response.status, response.text).toBe(200);
    return response.json as DocumentAnalytics;
  };
  const pageOf = (analytics: DocumentAnalytics, page: number) =>
    analytics.pages.find((row) => row.page === page);

  test('a 12-page deck replaced by 13 pages: v1 reading stays on v1 ("6 of 12"), v2 starts empty, the totals say they count both', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedDeck(founder, 12);
    const firstSix = [1, 2, 3, 4, 5, 6].map((page) => ({ page, seconds: 2 }));
    await readOn(investor, await openView(investor, documentId), firstSix);
    // A view of v1 still open while v2 is prepared and becomes current.
    const stillOpen = await openView(investor, documentId);
    expect((await replace(founder, documentId, 'Deck v2.pdf', deckPdf(13))).status).toBe(201);
    await t.app.jobs.whenIdle();
    // Its later report is v1 reading: page 6 of v1, not page 6 of the new deck.
    await readOn(investor, stillOpen, [{ page: 6, seconds: 3 }]);
    await readOn(investor, await openView(investor, documentId), [{ page: 13, seconds: 4 }]);

    const current = await analyticsOf(founder, documentId);
    expect(current.version).toBe(2);
    expect(current.document).toMatchObject({ pageCount: 13, currentVersion: 2 });
    expect(current.versions).toEqual([
      { number: 1, pageCount: 12, createdAt: expect.any(String) },
      { number: 2, pageCount: 13, createdAt: expect.any(String) },
    ]);
    expect(current.totalsVersions).toEqual([1, 2]);
    expect(current).toMatchObject({ viewCount: 3, readerCount: 1, totalReadSeconds: 19 });
    expect(current.pages).toHaveLength(13);
    expect(pageOf(current, 6)).toMatchObject({ readerCount: 0, averageSeconds: 0 });
    expect(pageOf(current, 13)).toMatchObject({ readerCount: 1, averageSeconds: 4 });
    expect(current.readers[0]).toMatchObject({ pagesSeen: 1, readSeconds: 4, completion: 1 / 13 });
    expect(current.completion).toBeCloseTo(1 / 13);

    const first = await analyticsOf(founder, documentId, `?version=1&reader=${investor.user.id}`);
    expect(first.version).toBe(1);
    expect(first.document).toMatchObject({ pageCount: 12, currentVersion: 2 });
    expect(first.pages).toHaveLength(12);
    expect(pageOf(first, 6)).toMatchObject({ readerCount: 1, averageSeconds: 5, readerSeconds: 5 });
    expect(first.readers[0]).toMatchObject({ pagesSeen: 6, readSeconds: 15, completion: 0.5 });
    expect(first.completion).toBe(0.5);
    // The totals are the document's, whichever version is shown.
    expect(first).toMatchObject({
      viewCount: 3,
      readerCount: 1,
      totalReadSeconds: 19,
      totalsVersions: [1, 2],
    });

    // The investor's own page counts the version they get now.
    const investorPage = await t.call(readingRoutes.investor, {
      params: { userId: investor.user.id },
      as: founder,
    });
    expect(investorPage.json.documents[0]).toMatchObject({
      pagesSeen: 1,
      pageCount: 13,
    });
  });

  test('a version the document does not have is refused by name; another room, an investor, or no session learn nothing', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const other = await createFounder(t);
    const documentId = await uploadedDeck(founder, 2);
    expect((await replace(founder, documentId, 'Deck.pdf', deckPdf(3))).status).toBe(201);
    await t.app.jobs.whenIdle();
    const deleted = await t.call(documentRoutes.removeVersion, {
      params: { id: documentId, number: '1' },
      as: founder,
    });
    expect(deleted.status, deleted.text).toBe(204);
    // The queries are written as sent: an empty version is one of the refused spellings.
    const at = (query: string, auth = founder.auth) =>
      t.request('GET', `${apiPath(readingRoutes.document, { params: { documentId } })}${query}`, {
        headers: auth,
      });

    for (const missing of [1, 3]) {
      expectRefusal(await at(`?version=${missing}`), 400, {
        error: 'version_not_found',
        message: new RegExp(`version: this document has no version ${missing}\\.`),
      });
    }
    for (const bad of ['0', '-1', 'two', '1.5', '']) {
      expectRefusal(await at(`?version=${bad}`), 400, { message: /version: must be a version number/ });
    }
    // Another founder gets the answer of a missing document, whether or not the version exists.
    for (const query of ['?version=2', '?version=1', '']) {
      expectRefusal(await at(query, other.auth), 404, { message: /does not exist/ });
    }
    expectRefusal(await at('?version=2', investor.auth), 403, { message: /Only the founder/ });
    expect(
      (await t.call(readingRoutes.document, { params: { documentId }, query: { version: '2' } })).status,
    ).toBe(401);
  });
});
