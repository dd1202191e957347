import { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  deletePreviewObjects,
  insertPreviewObjects,
  type PreviewObject,
  startPreview,
  updatePreview,
} from '#server/features/documents/previews.repository';
import {
  PAGE_IMAGE_WIDTHS,
  type PreviewFailureCode,
  previewObjectNames,
  THUMBNAIL_WIDTH,
} from '#shared/contracts/previews';
import type { PageWords } from '#shared/preview-objects';
import { keep, readKept } from './made-once';
import type { TestApp } from './test-app';

/**
 * Ready previews made directly, as the preparation would leave them, for tests of what the viewer reads:
 * real WebP images made with sharp, stored through the app's storage, with their rows written by the
 * previews repository in one transaction (the same order as the preparation: objects, then rows).
 */

export type FixturePreview =
  | { kind: 'pages'; pages: number; texts?: string[] }
  | { kind: 'image'; width: number; height: number }
  | { kind: 'text'; text: string }
  | { kind: 'table'; rows: string[][] }
  | { kind: 'video' }
  | { kind: 'download-only' };

const storage = (t: TestApp) => t.app.ctx.storage;

/** A real WebP image of this size, one flat colour (a different one per call, so each is unique). */
let colourSeed = 0;
export async function webpImage(width: number, height: number): Promise<Buffer> {
  colourSeed = (colourSeed + 37) % 256;
  return encodedOnce(width, height, colourSeed);
}

/**
 * Encoding a page-sized WebP took sharp about a third of a second of CPU, and the API suites made
 * thousands, most of them the same: each file's colours start again from the first. Every image is
 * encoded once and kept (made-once.ts): the bytes are the ones sharp made for this size and colour.
 */
async function encodedOnce(width: number, height: number, colour: number): Promise<Buffer> {
  const name = `${width}x${height}-${colour}.webp`;
  const kept = readKept('test-webp', name);
  if (kept) return kept;
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: colour, g: 120, b: 255 - colour } },
  })
    .webp()
    .toBuffer();
  return keep('test-webp', name, bytes);
}

async function store(
  t: TestApp,
  documentId: string,
  name: string,
  contentType: string,
  bytes: Buffer,
  size?: { width: number; height: number },
): Promise<PreviewObject> {
  const pending = await storage(t).write(Readable.from([bytes]), { maxBytes: bytes.length + 1 });
  const storageKey = await pending.commit();
  return {
    documentId,
    name,
    storageKey,
    contentType,
    sizeBytes: bytes.length,
    sha256: pending.sha256,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

/**
 * A page's words as the preparation keeps them (`words-N`): the text's words laid out as its lines, each
 * word a tenth of the page wide and each line a twentieth high, from the top left.
 */
function wordsOnLines(text: string): PageWords {
  const words: PageWords['words'] = [];
  for (const [row, line] of text.split('\n').entries()) {
    for (const [column, word] of line.split(/\s+/).filter(Boolean).entries()) {
      // Rounded to 4 decimals as the preparation's are (0.2 + 0.1 is not 0.3 in floating point).
      const x0 = Math.min(9, column) / 10;
      const y0 = Math.min(19, row) / 20;
      words.push([word, x0, y0, Math.round((x0 + 0.1) * 1e4) / 1e4, Math.round((y0 + 0.05) * 1e4) / 1e4]);
    }
  }
  return { words };
}

/** An A4 page (its sides in the ratio of the square root of 2): its height at this width. */
const pageHeight = (width: number) => Math.round(width * Math.SQRT2);

async function objectsFor(t: TestApp, documentId: string, preview: FixturePreview): Promise<PreviewObject[]> {
  const objects: PreviewObject[] = [];
  switch (preview.kind) {
    case 'pages':
      for (let page = 1; page <= preview.pages; page++) {
        for (const width of PAGE_IMAGE_WIDTHS) {
          const height = pageHeight(width);
          const name = previewObjectNames.pageImage(page, width);
          objects.push(
            await store(t, documentId, name, 'image/webp', await webpImage(width, height), { width, height }),
          );
        }
        const thumbnail = { width: THUMBNAIL_WIDTH, height: pageHeight(THUMBNAIL_WIDTH) };
        objects.push(
          await store(
            t,
            documentId,
            previewObjectNames.thumbnail(page),
            'image/webp',
            await webpImage(thumbnail.width, thumbnail.height),
            thumbnail,
          ),
        );
        const text = preview.texts?.[page - 1] ?? '';
        objects.push(
          await store(
            t,
            documentId,
            previewObjectNames.pageText(page),
            'text/plain; charset=utf-8',
            Buffer.from(text),
          ),
        );
        if (text.trim() !== '')
          objects.push(
            await store(
              t,
              documentId,
              previewObjectNames.pageWords(page),
              'application/json',
              Buffer.from(JSON.stringify(wordsOnLines(text))),
            ),
          );
      }
      return objects;
    case 'image':
      for (const width of PAGE_IMAGE_WIDTHS) {
        // Never enlarged: a small image's objects are its own size.
        const scaled = Math.min(width, preview.width);
        const size = { width: scaled, height: Math.round((preview.height * scaled) / preview.width) };
        objects.push(
          await store(
            t,
            documentId,
            previewObjectNames.image(width),
            'image/webp',
            await webpImage(size.width, size.height),
            size,
          ),
        );
      }
      return objects;
    case 'text':
      return [
        await store(
          t,
          documentId,
          previewObjectNames.text(),
          'text/plain; charset=utf-8',
          Buffer.from(preview.text),
        ),
      ];
    case 'table':
      return [
        await store(
          t,
          documentId,
          previewObjectNames.table(),
          'application/json',
          Buffer.from(JSON.stringify({ rows: preview.rows, truncated: false })),
        ),
      ];
    case 'video':
    case 'download-only':
      return [];
  }
}

/**
 * Lets the upload's own preparation job finish first (the fixture then replaces what it made), so that
 * no job writes the preview while a test sets it.
 */
async function afterPreparation(t: TestApp, documentId: string): Promise<void> {
  await t.app.jobs.whenIdle();
  const keys = await deletePreviewObjects(t.app.database.db, documentId);
  for (const key of keys) await storage(t).remove(key);
}

/** Makes the document's preview ready, as described. */
export async function storeReadyPreview(
  t: TestApp,
  documentId: string,
  preview: FixturePreview,
): Promise<void> {
  await afterPreparation(t, documentId);
  const objects = await objectsFor(t, documentId, preview);
  const now = new Date();
  await t.app.database.db.transaction().execute(async (trx) => {
    await startPreview(trx, documentId, preview.kind, now);
    await insertPreviewObjects(trx, objects);
    await updatePreview(trx, documentId, {
      status: 'ready',
      pageCount: preview.kind === 'pages' ? preview.pages : null,
      isTextAvailable: preview.kind === 'pages' && (preview.texts ?? []).some((text) => text.trim() !== ''),
      preparedAt: now,
      updatedAt: now,
    });
  });
}

/** Leaves the document's preview failed with this code, as a preparation that gave up would. */
export async function storeFailedPreview(
  t: TestApp,
  documentId: string,
  failureCode: PreviewFailureCode,
): Promise<void> {
  await afterPreparation(t, documentId);
  const now = new Date();
  await startPreview(t.app.database.db, documentId, 'pages', now);
  await updatePreview(t.app.database.db, documentId, { status: 'failed', failureCode, updatedAt: now });
}

/** Leaves the document's preview being prepared (a row, as an upload writes it). */
export async function storePreparingPreview(t: TestApp, documentId: string): Promise<void> {
  await afterPreparation(t, documentId);
  await startPreview(t.app.database.db, documentId, 'pages', new Date());
}
