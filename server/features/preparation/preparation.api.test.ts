import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encode as encodeBmp } from 'bmp-ts';
import type { KyselyPlugin, QueryId } from 'kysely';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { deleteDocument } from '#server/features/documents/documents.service';
import { failPreview } from '#server/features/documents/preview-writes.service';
import {
  deletePreviewObjects,
  findPreview,
  listPreviewObjects,
  startPreview,
} from '#server/features/documents/previews.repository';
import { documentVersionFiles } from '#server/features/versions/index';
import { consistencyProblems } from '#tests/support/data-consistency';
import { createFounder, type SignedIn, uploadFile } from '#tests/support/factories';
import { previewProcesses, previewProcessPriorities } from '#tests/support/preview-processes';
import {
  documentWithAutoRunMacro,
  encryptedPdf,
  flatPresentation,
  giantPngHeader,
  htmlPages,
  officeDocument,
  realPng,
  scannedPdf,
  writtenPdf,
  zipBombDocx,
} from '#tests/support/sample-documents';
import { overwriteStored, storedBytes, storedNames } from '#tests/support/stored-objects';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { prepareDocument, processWorkRoot, retryPreview, startMissingPreviews } from './preparation.service';

let t: TestApp;
let founder: SignedIn;
beforeAll(async () => {
  t = await startTestApp({ environment: { PREVIEW_TIME_LIMIT_MS: '60000', JOB_POLL_INTERVAL_MS: '50' } });
  founder = await createFounder(t);
}, 120_000);
afterAll(() => t?.close());

/** Uploads a file and waits for its preparation job; returns the document's preview and its objects. */
async function uploadAndPrepare(app: TestApp, owner: SignedIn, name: string, bytes: Buffer) {
  const response = await uploadFile(app, owner, { name, bytes });
  expect(response.status, response.text).toBe(201);
  const documentId = (response.json as { document: { id: string } }).document.id;
  await app.app.jobs.whenIdle();
  return previewOf(app, documentId);
}

async function previewOf(app: TestApp, documentId: string) {
  const db = app.app.database.db;
  const preview = await findPreview(db, documentId);
  const objects = await listPreviewObjects(db, documentId);
  const byName = new Map(objects.map((object) => [object.name, object]));
  return { documentId, preview, objects, byName };
}

const storedFiles = (app: TestApp) => storedNames(app.config);

async function readObject(app: TestApp, key: string): Promise<Buffer> {
  const bytes = await storedBytes(app.config, key);
  if (!bytes) throw new Error(`no stored object ${key}`);
  return bytes;
}

test('a five-page PDF is ready with two widths, a thumbnail, and the text and word boxes of every page', async () => {
  const { preview, objects, byName } = await uploadAndPrepare(
    t,
    founder,
    'deck.pdf',
    writtenPdf({ pages: 5 }),
  );
  expect(preview).toMatchObject({ status: 'ready', kind: 'pages', pageCount: 5, isTextAvailable: true });
  // The original was copied out of storage (a bucket, with TEST_STORAGE=s3) for LibreOffice and poppler,
  // and that copy went with the work directory.
  expect(fs.readdirSync(processWorkRoot(t.config.dataDir))).toEqual([]);
  expect(objects).toHaveLength(5 * 5);
  expect(byName.get('page-1-1600')).toMatchObject({ contentType: 'image/webp', width: 1600, height: 2071 });
  expect(byName.get('page-5-800')).toMatchObject({ contentType: 'image/webp', width: 800, height: 1036 });
  expect(byName.get('thumbnail-3')).toMatchObject({ width: 200 });
  const page = byName.get('page-2-800');
  expect((await readObject(t, page?.storageKey ?? '')).subarray(8, 12).toString()).toBe('WEBP');
  expect((await readObject(t, byName.get('text-4')?.storageKey ?? '')).toString()).toContain(
    'Page 4 of the deck',
  );
});

test("each room's preparations are shared fairly: their jobs are claimed by the room they belong to", async () => {
  const response = await uploadFile(t, founder, { name: 'Fair.pdf', bytes: writtenPdf() });
  expect(response.status, response.text).toBe(201);
  const documentId = (response.json as { document: { id: string } }).document.id;
  const db = t.app.database.db;
  const document = await db
    .selectFrom('documents')
    .select('room_id')
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  const job = await db
    .selectFrom('jobs')
    .select(['fair_key'])
    .where('dedupe_key', 'like', `%:${documentId}:%`)
    .executeTakeFirstOrThrow();
  expect(job.fair_key).toBe(document.room_id);
  await t.app.jobs.whenIdle();
});

test('documents stored before previews existed are prepared once at the next start', async () => {
  const uploaded = await uploadAndPrepare(t, founder, 'older.pdf', writtenPdf({ pages: 2 }));
  // As an installation from before the upgrade has it: the document, and no preview or job for it.
  const db = t.app.database.db;
  for (const key of await deletePreviewObjects(db, uploaded.documentId)) await t.app.ctx.storage.remove(key);
  await db.deleteFrom('document_previews').where('document_id', '=', uploaded.documentId).execute();
  await db
    .deleteFrom('jobs')
    .where('dedupe_key', 'like', `prepare-document:${uploaded.documentId}:%`)
    .execute();

  // Two starts (a restart before the job ran): one preparation.
  await startMissingPreviews(t.app.ctx);
  await startMissingPreviews(t.app.ctx);
  const jobs = await db
    .selectFrom('jobs')
    .where('dedupe_key', 'like', `prepare-document:${uploaded.documentId}:%`)
    .select('status')
    .execute();
  expect(jobs).toHaveLength(1);
  await t.app.jobs.whenIdle();
  const prepared = await previewOf(t, uploaded.documentId);
  expect(prepared.preview).toMatchObject({ status: 'ready', pageCount: 2 });
  expect(prepared.objects).toHaveLength(2 * 5);
});

test('a DOCX, a PPTX and an XLSX made by LibreOffice are converted and rendered page by page', async () => {
  const docx = officeDocument({ name: 'memo.html', content: htmlPages(3) }, 'docx');
  const pptx = officeDocument({ name: 'deck.fodp', content: flatPresentation(4) }, 'pptx');
  const xlsx = officeDocument({ name: 'model.csv', content: 'Year,Revenue\n2024,100\n2025,250\n' }, 'xlsx');
  const word = await uploadAndPrepare(t, founder, 'memo.docx', docx);
  expect(word.preview).toMatchObject({ status: 'ready', pageCount: 3, isTextAvailable: true });
  expect((await readObject(t, word.byName.get('text-2')?.storageKey ?? '')).toString()).toContain(
    'Chapter 2',
  );
  const slides = await uploadAndPrepare(t, founder, 'deck.pptx', pptx);
  expect(slides.preview).toMatchObject({ status: 'ready', pageCount: 4 });
  expect(slides.byName.get('page-4-1600')).toMatchObject({ width: 1600 });
  // A slide is wider than it is tall.
  expect(slides.byName.get('page-1-1600')?.height).toBeLessThan(1600);
  const sheet = await uploadAndPrepare(t, founder, 'model.xlsx', xlsx);
  expect(sheet.preview).toMatchObject({ status: 'ready', pageCount: 1 });
  expect((await readObject(t, sheet.byName.get('text-1')?.storageKey ?? '')).toString()).toContain('Revenue');
}, 120_000);

test('an image is resized to each width and never enlarged', async () => {
  const large = await uploadAndPrepare(t, founder, 'photo.png', await realPng(3000, 2000));
  expect(large.preview).toMatchObject({ status: 'ready', kind: 'image' });
  expect(large.byName.get('image-800')).toMatchObject({ contentType: 'image/webp', width: 800, height: 533 });
  expect(large.byName.get('image-1600')).toMatchObject({ width: 1600, height: 1067 });
  const small = await uploadAndPrepare(t, founder, 'logo.png', await realPng(300, 200));
  expect(small.byName.get('image-800')).toMatchObject({ width: 300, height: 200 });
  expect(small.byName.get('image-1600')).toMatchObject({ width: 300, height: 200 });
});

test('a BMP (which sharp cannot read) is decoded, resized and opaque; a giant BMP header is refused unread', async () => {
  // 24 bits per pixel, bottom-up: the BMP most programs write. bmp-ts takes ABGR pixels to encode.
  const abgr = Buffer.alloc(1000 * 500 * 4);
  for (let pixel = 0; pixel < 1000 * 500; pixel++) abgr.set([0, 200, 120, 20], pixel * 4);
  const bmp = encodeBmp({ data: abgr, width: 1000, height: 500, bitPP: 24 }).data;
  const image = await uploadAndPrepare(t, founder, 'office-plan.bmp', bmp);
  expect(image.preview).toMatchObject({ status: 'ready', kind: 'image' });
  expect(image.byName.get('image-800')).toMatchObject({ contentType: 'image/webp', width: 800, height: 400 });
  const webp = await readObject(t, image.byName.get('image-800')?.storageKey ?? '');
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  // The picture's colour (R 20, G 120, B 200) and no transparency.
  expect(info.channels).toBe(3);
  expect([...data.subarray(0, 3)].map((value) => Math.round(value / 10) * 10)).toEqual([20, 120, 200]);

  const giant = Buffer.from(bmp.subarray(0, 54));
  giant.writeInt32LE(50_000, 18);
  giant.writeInt32LE(-50_000, 22);
  const refused = await uploadAndPrepare(t, founder, 'giant.bmp', giant);
  expect(refused.preview).toMatchObject({ status: 'failed', failureCode: 'image_too_large' });
});

test('a CSV becomes a table parsed with its quotes, a text file its text', async () => {
  const csv = 'Name,Note\n"Acme, Inc.","said ""hi"""\nBeta,plain\n';
  const table = await uploadAndPrepare(t, founder, 'cap-table.csv', Buffer.from(csv));
  expect(table.preview).toMatchObject({ status: 'ready', kind: 'table' });
  expect(JSON.parse((await readObject(t, table.byName.get('table')?.storageKey ?? '')).toString())).toEqual({
    rows: [
      ['Name', 'Note'],
      ['Acme, Inc.', 'said "hi"'],
      ['Beta', 'plain'],
    ],
    truncated: false,
  });
  const text = await uploadAndPrepare(t, founder, 'notes.md', Buffer.from('# Plan\n\nÜnïcode stays.\n'));
  expect(text.preview).toMatchObject({ status: 'ready', kind: 'text' });
  expect((await readObject(t, text.byName.get('text')?.storageKey ?? '')).toString()).toBe(
    '# Plan\n\nÜnïcode stays.\n',
  );
});

test('a CSV with a record past 1 MB (no line break, or a quote never closed) fails as corrupt', async () => {
  const endless = Buffer.from(`Name,Note\nAcme,${'x'.repeat(2 * 1024 * 1024)}`);
  const { preview, objects } = await uploadAndPrepare(t, founder, 'endless.csv', endless);
  expect(preview).toMatchObject({ status: 'failed', failureCode: 'corrupt' });
  expect(objects).toEqual([]);
});

test.each([
  ['a corrupt PDF', 'corrupt', () => Buffer.from('%PDF-1.7\nthis is not a PDF at all\n%%EOF\n')],
  ['a truncated PDF', 'corrupt', () => writtenPdf({ pages: 5 }).subarray(0, 400)],
  ['an encrypted PDF', 'password_protected', encryptedPdf],
  [
    'a PDF whose page tree says 20,000 pages',
    'too_many_pages',
    () => writtenPdf({ pages: 1, declaredPages: 20_000 }),
  ],
  [
    'a PDF page 100 pt wide and 14,400 pt tall',
    'page_too_large',
    () => writtenPdf({ pages: 1, width: 100, height: 14_400 }),
  ],
])('%s fails as %s, with nothing stored for it', async (_name, code, make) => {
  const filesBefore = (await storedFiles(t)).length;
  const { preview, objects } = await uploadAndPrepare(t, founder, 'hostile.pdf', make());
  expect(preview).toMatchObject({ status: 'failed', failureCode: code, pageCount: null });
  expect(objects).toEqual([]);
  // Only the original was added.
  expect((await storedFiles(t)).length).toBe(filesBefore + 1);
});

test('a page of 200 x 200 inches is rendered at the fixed widths, not at its size', async () => {
  const { preview, byName } = await uploadAndPrepare(
    t,
    founder,
    'poster.pdf',
    writtenPdf({ pages: 1, width: 14_400, height: 14_400 }),
  );
  expect(preview).toMatchObject({ status: 'ready', pageCount: 1 });
  expect(byName.get('page-1-1600')).toMatchObject({ width: 1600, height: 1600 });
});

test('an image of 50,000 x 50,000 pixels is refused from its header', async () => {
  const { preview, objects } = await uploadAndPrepare(t, founder, 'bomb.png', giantPngHeader());
  expect(preview).toMatchObject({ status: 'failed', failureCode: 'image_too_large' });
  expect(objects).toEqual([]);
});

// LibreOffice's half-minute on a zip bomb does not depend on the database: run once, on SQLite. The
// failed state it leaves is written like every other failure, which the tests above check on both.
test.runIf(inject('testDatabase').dialect === 'sqlite')(
  'an Office file that is a zip bomb fails, bounded in time and memory, and leaves no process behind',
  async () => {
    const bomb = zipBombDocx();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const { preview, objects } = await uploadAndPrepare(t, founder, 'bomb.docx', bomb);
    expect(preview?.status).toBe('failed');
    expect(['conversion_failed', 'timed_out']).toContain(preview?.failureCode);
    expect(objects).toEqual([]);
    expect(previewProcesses(t.config.dataDir)).toEqual([]);
  },
  120_000,
);

test("a document's macro is never run while it is converted", async () => {
  const marker = path.join(os.tmpdir(), `roundroom-macro-${process.pid}-${Date.now()}`);
  const uploaded = await uploadAndPrepare(
    t,
    founder,
    'macro.docx',
    officeDocument({ name: 'm.html', content: htmlPages(1) }, 'docx'),
  );
  // The stored original replaced by a document whose macro runs on loading (LibreOffice reads content,
  // not names), then prepared again by the founder's Retry.
  const document = await t.app.database.db
    .selectFrom('documents')
    .select('storage_key')
    .where('id', '=', uploaded.documentId)
    .executeTakeFirstOrThrow();
  const macroDocument = documentWithAutoRunMacro(marker);
  await overwriteStored(t.config, document.storage_key, macroDocument);
  // Recorded as stored, so the data stays consistent for the checks of this file's other tests.
  await t.app.database.db
    .updateTable('documents')
    .set({
      size_bytes: macroDocument.length,
      sha256: crypto.createHash('sha256').update(macroDocument).digest('hex'),
    })
    .where('id', '=', uploaded.documentId)
    .execute();
  await retryPreview(t.app.ctx, founder.user, uploaded.documentId);
  await t.app.jobs.whenIdle();
  const { preview, byName } = await previewOf(t, uploaded.documentId);
  expect(preview).toMatchObject({ status: 'ready', pageCount: 1 });
  expect((await readObject(t, byName.get('text-1')?.storageKey ?? '')).toString()).toContain(
    'A document with a macro',
  );
  expect(fs.existsSync(marker)).toBe(false);
  // The first preparation's objects went with the Retry.
  expect(await consistencyProblems(t.app.database.db, inject('testDatabase').dialect, t.config)).toEqual([]);
}, 60_000);

test('a conversion past the time limit is killed with every process it started and fails as timed out', async () => {
  const hurried = await startTestApp({
    environment: { PREVIEW_TIME_LIMIT_MS: '300', JOB_POLL_INTERVAL_MS: '50' },
  });
  try {
    const owner = await createFounder(hurried);
    const docx = officeDocument({ name: 'long.html', content: htmlPages(20) }, 'docx');
    const filesBefore = (await storedFiles(hurried)).length;
    const { preview, objects } = await uploadAndPrepare(hurried, owner, 'long.docx', docx);
    expect(preview).toMatchObject({ status: 'failed', failureCode: 'timed_out' });
    expect(objects).toEqual([]);
    expect((await storedFiles(hurried)).length).toBe(filesBefore + 1);
    expect(previewProcesses(hurried.config.dataDir)).toEqual([]);
  } finally {
    await hurried.close();
  }
}, 60_000);

test('a preparation and every process it starts run at the lowest CPU priority, so requests come first', async () => {
  const owner = await createFounder(t);
  const docx = officeDocument({ name: 'niceness.html', content: htmlPages(20) }, 'docx');
  // A scan beside it: tesseract, which reads its pages, is one of the processes a preparation starts.
  const scan = scannedPdf(writtenPdf({ pages: 2 }));
  let prepared = false;
  const preparing = Promise.all([
    uploadAndPrepare(t, owner, 'niceness.docx', docx),
    uploadAndPrepare(t, owner, 'niceness scan.pdf', scan),
  ]).finally(() => {
    prepared = true;
  });
  const niceness = new Set<number>();
  const programs = new Set<string>();
  let looks = 0;
  while (!prepared) {
    for (const { program, niceness: value } of previewProcessPriorities(t.config.dataDir)) {
      niceness.add(value);
      programs.add(program);
    }
    looks++;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  for (const { preview } of await preparing) expect(preview).toMatchObject({ status: 'ready' });
  expect(looks).toBeGreaterThan(0);
  expect(programs).toContain('tesseract');
  expect([...niceness]).toEqual([19]);
}, 60_000);

/** Processes still running for a preparation: the child, or LibreOffice with a preview's profile. */

test("a Retry while the first job still runs (its 'ready' committed, the job not yet marked done) is prepared by its own job", async () => {
  const first = await uploadAndPrepare(t, founder, 'retried.pdf', writtenPdf({ pages: 2 }));
  expect(first.preview).toMatchObject({ status: 'ready', generation: 1 });
  const db = t.app.database.db;
  const job = db.updateTable('jobs').where('dedupe_key', 'like', `prepare-document:${first.documentId}%`);
  // The first job as its worker still holds it: its preview written, the queue not told yet.
  await job.set({ status: 'running', lease_expires_at: Date.now() + 60_000 }).execute();
  await retryPreview(t.app.ctx, founder.user, first.documentId);
  await job
    .where('status', '=', 'running')
    .where('dedupe_key', 'not like', '%:2')
    .set({ status: 'succeeded' })
    .execute();
  t.app.jobs.wake();
  await t.app.jobs.whenIdle();
  const retried = await previewOf(t, first.documentId);
  expect(retried.preview).toMatchObject({ status: 'ready', generation: 2, pageCount: 2 });
  expect(retried.objects).toHaveLength(2 * 5);
  expect(
    await db
      .selectFrom('jobs')
      .select('status')
      .where('dedupe_key', '=', `prepare-document:${first.documentId}:2`)
      .execute(),
  ).toEqual([{ status: 'succeeded' }]);
  expect(await consistencyProblems(db, inject('testDatabase').dialect, t.config)).toEqual([]);
});

test('a job of an earlier generation that finishes late, or fails late, changes nothing', async () => {
  const { documentId } = await uploadAndPrepare(t, founder, 'late.pdf', writtenPdf({ pages: 1 }));
  await retryPreview(t.app.ctx, founder.user, documentId);
  // The first generation's job, still running somewhere, ends after the Retry started the second.
  await failPreview(t.app.ctx, documentId, 1, 'timed_out');
  expect(await prepareDocument(t.app.ctx, documentId, 1)).toEqual({ status: 'skipped' });
  await t.app.jobs.whenIdle();
  const { preview, objects } = await previewOf(t, documentId);
  expect(preview).toMatchObject({ status: 'ready', generation: 2, failureCode: null });
  expect(objects).toHaveLength(5);
  // After it is ready, a late first generation still writes nothing.
  expect(await prepareDocument(t.app.ctx, documentId, 1)).toEqual({ status: 'skipped' });
  await failPreview(t.app.ctx, documentId, 1, 'timed_out');
  expect(await findPreview(t.app.database.db, documentId)).toMatchObject({ status: 'ready', generation: 2 });
  expect(await consistencyProblems(t.app.database.db, inject('testDatabase').dialect, t.config)).toEqual([]);
});

/**
 * A plugin that, once the preview's 'ready' state is written inside the final transaction (not yet
 * committed), starts `meanwhile` and holds the transaction open until `meanwhile` waits on a lock.
 */
function pauseAfterReadyWritten(meanwhile: () => Promise<void>): {
  plugin: KyselyPlugin;
  started: Promise<void>;
} {
  const readyUpdates = new Set<QueryId>();
  let start: (value: Promise<void>) => void = () => {};
  const started = new Promise<Promise<void>>((resolve) => {
    start = resolve;
  }).then((running) => running);
  let isArmed = true;
  return {
    started,
    plugin: {
      transformQuery({ node, queryId }) {
        if (node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"ready"'))
          readyUpdates.add(queryId);
        return node;
      },
      async transformResult({ queryId, result }) {
        if (!isArmed || !readyUpdates.has(queryId)) return result;
        isArmed = false;
        start(meanwhile());
        const db = t.app.database.db;
        for (;;) {
          const waiting = await sql<{
            count: string;
          }>`select count(*) as count from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(
            db,
          );
          if (Number(waiting.rows[0]?.count) > 0) return result;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
    },
  };
}

// The race needs a second connection waiting on a lock while the first commits: PostgreSQL's (SQLite runs
// one transaction at a time, so a delete there comes wholly before or after the final write).
test.runIf(inject('testDatabase').dialect === 'postgres')(
  "a document deleted while its preparation's final write is being committed leaves no stored file behind",
  async () => {
    const { documentId } = await uploadAndPrepare(t, founder, 'deleted.pdf', writtenPdf({ pages: 2 }));
    const db = t.app.database.db;
    // A preparation started again without its job: this test runs it, paused inside its final write.
    const generation = await startPreview(db, documentId, 'pages', new Date());
    for (const key of await deletePreviewObjects(db, documentId)) await t.app.ctx.storage.remove(key);
    const { plugin, started } = pauseAfterReadyWritten(() =>
      deleteDocument(t.app.ctx, founder.user, documentId, documentVersionFiles),
    );
    const result = await prepareDocument({ ...t.app.ctx, db: db.withPlugin(plugin) }, documentId, generation);
    expect(result).toEqual({ status: 'ready' });
    await started;
    expect(
      await db.selectFrom('preview_objects').where('document_id', '=', documentId).selectAll().execute(),
    ).toEqual([]);
    expect(await consistencyProblems(db, 'postgres', t.config)).toEqual([]);
  },
);

test('a preparation aborted while it stores its files removes them and writes nothing', async () => {
  const { documentId } = await uploadAndPrepare(t, founder, 'aborted.pdf', writtenPdf({ pages: 2 }));
  const db = t.app.database.db;
  for (const key of await deletePreviewObjects(db, documentId)) await t.app.ctx.storage.remove(key);
  // Started again without its job: this test runs it, and aborts it once its third object is stored.
  const generation = await startPreview(db, documentId, 'pages', new Date());
  const controller = new AbortController();
  const storage = t.app.ctx.storage;
  let writes = 0;
  const abortingStorage: typeof storage = {
    ...storage,
    async write(...args) {
      const pending = await storage.write(...args);
      writes += 1;
      if (writes === 3) controller.abort(new Error('the server is stopping'));
      return pending;
    },
  };
  await expect(
    prepareDocument({ ...t.app.ctx, storage: abortingStorage }, documentId, generation, {
      signal: controller.signal,
    }),
  ).rejects.toThrow('the server is stopping');
  expect(writes).toBe(3);
  const { preview, objects } = await previewOf(t, documentId);
  expect(preview).toMatchObject({ status: 'preparing' });
  expect(objects).toEqual([]);
  expect(await consistencyProblems(db, inject('testDatabase').dialect, t.config)).toEqual([]);
});
