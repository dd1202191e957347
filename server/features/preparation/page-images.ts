import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { previewObjectNames } from '#shared/preview-objects';
import { firstLine, PreparationRefused, runHelper } from './helper-programs';
import type { PreparationTask, PreparedFile } from './preparation-limits';

/**
 * What a preparation writes for the viewer: pages rendered by poppler as raw PPM, encoded by sharp into
 * WebP at each width, and the JSON objects (a table's rows, a workbook's sheets, a Word file's narrow
 * pages).
 */

// One core for libvips: the other stays with the server answering requests.
sharp.concurrency(1);

export const WEBP = 'image/webp';
export const PLAIN_TEXT = 'text/plain; charset=utf-8';
/** Pages rendered per pdftoppm run: bounds the raw pixels on disk at once (about 11 MB a page at 1600 px). */
export const PAGES_PER_RENDER = 8;

export interface RenderedPage {
  page: number;
  path: string;
}

/**
 * Renders pages at a fixed width (their height follows their shape), as raw PPM: no compression to
 * pay for, since sharp encodes every size from it.
 */
export async function renderPages(
  task: PreparationTask,
  pdf: string,
  first: number,
  last: number,
  width: number,
): Promise<RenderedPage[]> {
  const dir = path.join(task.workDir, 'rendered');
  await fsp.mkdir(dir, { recursive: true });
  try {
    await runHelper(task, 'pdftoppm', [
      '-f',
      String(first),
      '-l',
      String(last),
      '-scale-to-x',
      String(width),
      '-scale-to-y',
      '-1',
      pdf,
      path.join(dir, 'page'),
    ]);
  } catch (error) {
    throw new PreparationRefused('corrupt', `pdftoppm failed: ${firstLine(error)}`);
  }
  const rendered = (await fsp.readdir(dir))
    .map((name) => ({ page: Number(/-(\d+)\.ppm$/.exec(name)?.[1]), path: path.join(dir, name) }))
    .filter((file) => file.page >= first && file.page <= last)
    .sort((a, b) => a.page - b.page);
  if (rendered.length !== last - first + 1)
    throw new PreparationRefused('corrupt', `pages ${first}-${last} did not all render`);
  return rendered;
}

/** A binary PPM (P6): a short text header, then the RGB bytes. */
export async function readPpm(file: string): Promise<{ width: number; height: number; pixels: Buffer }> {
  const data = await fsp.readFile(file);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error(`${file} is not a binary PPM`);
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: data.subarray(header[0].length, header[0].length + width * height * 3) };
}

export async function encodePage(rendered: RenderedPage, task: PreparationTask): Promise<PreparedFile[]> {
  return encodePagePixels(rendered.page, await readPpm(rendered.path), task);
}

/** A page's images at each width and its thumbnail, from its rendering's RGB pixels. */
export async function encodePagePixels(
  page: number,
  { width, height, pixels }: { width: number; height: number; pixels: Buffer },
  task: PreparationTask,
): Promise<PreparedFile[]> {
  const image = () => sharp(pixels, { raw: { width, height, channels: 3 } });
  const files: PreparedFile[] = [];
  for (const target of task.widths) {
    const name = previewObjectNames.pageImage(page, target);
    files.push(
      await writeWebp(image().resize({ width: target, withoutEnlargement: true }), name, task.workDir),
    );
  }
  const thumbnail = previewObjectNames.thumbnail(page);
  files.push(
    await writeWebp(
      image().resize({ width: task.thumbnailWidth, withoutEnlargement: true }),
      thumbnail,
      task.workDir,
    ),
  );
  return files;
}

export async function writeWebp(image: Sharp, name: string, workDir: string): Promise<PreparedFile> {
  const file = path.join(workDir, name);
  const info = await image.webp({ quality: 82, effort: 2 }).toFile(file);
  return { name, path: file, contentType: WEBP, width: info.width, height: info.height };
}

/** A preview object holding `value` as JSON (a table's rows, a workbook's sheets, a Word file's narrow pages). */
export async function jsonObject(task: PreparationTask, name: string, value: unknown): Promise<PreparedFile> {
  const file = path.join(task.workDir, name);
  await fsp.writeFile(file, JSON.stringify(value));
  return { name, path: file, contentType: 'application/json', width: null, height: null };
}
