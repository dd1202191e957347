import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { NarrowPagePreview } from '#shared/contracts/previews';
import { NARROW_PAGE, previewObjectNames } from '#shared/preview-objects';
import { convertWithOffice, pageTexts, pdfinfo } from './helper-programs';
import { jsonObject, PAGES_PER_RENDER, readPpm, renderPages, writeWebp } from './page-images';
import type { PreparationTask, PreparedFile } from './preparation-limits';

/**
 * A Word document laid out again on a narrow page for phones
 * (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): LibreOffice converts it to flat ODT (one
 * XML file), every page layout in it is set to NARROW_PAGE, and that is exported as a second PDF whose
 * pages are rendered like the real ones under their own names. Each narrow page records the real page
 * its text starts on (by its place in the document's letters and digits, pages' texts laid end to end),
 * which is what the viewer reports for it. A layout of more pages than the preparation's page cap is not
 * made: phones then get the real pages. The list (`narrow-pages`) is written either way, so a document
 * is never taken again at start for want of it.
 */
export async function prepareNarrowPages(
  task: PreparationTask,
  realTexts: string[],
): Promise<PreparedFile[]> {
  const flat = await convertWithOffice(task, 'fodt', 'fodt');
  const narrowFlat = path.join(task.workDir, 'narrow', 'narrow.fodt');
  await fsp.mkdir(path.dirname(narrowFlat), { recursive: true });
  await fsp.writeFile(narrowFlat, withNarrowPages(await fsp.readFile(flat, 'utf8')));
  await fsp.rm(flat);
  const pdf = await convertWithOffice(task, 'pdf', 'pdf', narrowFlat);
  const files: PreparedFile[] = [];
  const narrowPages: NarrowPagePreview[] = [];
  const pageCount = Number(/^Pages:\s+(\d+)/m.exec(await pdfinfo(task, pdf, []))?.[1] ?? 0);
  if (pageCount >= 1 && pageCount <= task.maxPages) {
    const startsOn = realPagesWhereEachStarts(realTexts, await pageTexts(task, pdf, pageCount));
    const widest = Math.max(...task.widths);
    for (let first = 1; first <= pageCount; first += PAGES_PER_RENDER) {
      const last = Math.min(pageCount, first + PAGES_PER_RENDER - 1);
      for (const rendered of await renderPages(task, pdf, first, last, widest)) {
        const { width, height, pixels } = await readPpm(rendered.path);
        for (const target of task.widths) {
          const image = sharp(pixels, { raw: { width, height, channels: 3 } });
          const name = previewObjectNames.narrowPageImage(rendered.page, target);
          const file = await writeWebp(
            image.resize({ width: target, withoutEnlargement: true }),
            name,
            task.workDir,
          );
          files.push(file);
          if (target === widest)
            narrowPages.push({
              number: rendered.page,
              startsOnPage: startsOn[rendered.page - 1] ?? 1,
              width: file.width ?? widest,
              height: file.height ?? widest,
            });
        }
        await fsp.rm(rendered.path);
      }
    }
  }
  await fsp.rm(pdf);
  files.push(await jsonObject(task, previewObjectNames.narrowPages(), narrowPages));
  return files;
}

/**
 * Every page layout of a flat ODT set to NARROW_PAGE, upright, whatever its size and margins were; every
 * table fitted between the margins (its columns keep their proportions, their text wraps) and every
 * picture or frame wider than the line scaled down to it, so nothing is cut at the narrow page's edge.
 */
export function withNarrowPages(flatOdt: string): string {
  const { widthCm, heightCm, marginCm } = NARROW_PAGE;
  const lineCm = widthCm - 2 * marginCm;
  return flatOdt
    .replace(/<style:page-layout-properties\b[^>]*>/g, (element) =>
      withAttributes(element, [
        ['fo:page-width', `${widthCm}cm`],
        ['fo:page-height', `${heightCm}cm`],
        ['style:print-orientation', 'portrait'],
        ['fo:margin-top', `${marginCm}cm`],
        ['fo:margin-bottom', `${marginCm}cm`],
        ['fo:margin-left', `${marginCm}cm`],
        ['fo:margin-right', `${marginCm}cm`],
        ['loext:margin-gutter', '0cm'],
      ]),
    )
    .replace(/<style:table-properties\b[^>]*>/g, (element) =>
      withAttributes(
        element,
        [['table:align', 'margins']],
        ['style:width', 'style:rel-width', 'fo:margin-left', 'fo:margin-right'],
      ),
    )
    .replace(/<draw:frame\b[^>]*>/g, (element) => {
      const width = centimetres(/\ssvg:width="([^"]*)"/.exec(element)?.[1]);
      const height = centimetres(/\ssvg:height="([^"]*)"/.exec(element)?.[1]);
      if (width === null || width <= lineCm) return element;
      const scale = lineCm / width;
      return withAttributes(element, [
        ['svg:width', `${lineCm}cm`],
        ...(height === null
          ? []
          : ([['svg:height', `${(height * scale).toFixed(3)}cm`]] as [string, string][])),
      ]);
    });
}

/** An XML start tag with `set` attributes set (replacing any of the same name) and `removed` ones gone. */
function withAttributes(element: string, set: [string, string][], removed: string[] = []): string {
  const [, name = '', rest = '', end = '>'] = /^<([\w:.-]+)([\s\S]*?)(\/?>)$/.exec(element) ?? [];
  let attributes = rest;
  for (const attribute of [...set.map(([attributeName]) => attributeName), ...removed])
    attributes = attributes.replace(new RegExp(`\\s${attribute}="[^"]*"`, 'g'), '');
  return `<${name}${set.map(([attributeName, value]) => ` ${attributeName}="${value}"`).join('')}${attributes}${end}`;
}

const CENTIMETRES_PER_UNIT: Record<string, number> = {
  cm: 1,
  mm: 0.1,
  in: 2.54,
  pt: 2.54 / 72,
  pc: 2.54 / 6,
};

/** An ODF length (e.g. "9.375in") in centimetres; null for a relative one (%) or none. */
function centimetres(length: string | undefined): number | null {
  const match = /^([\d.]+)(cm|mm|in|pt|pc)$/.exec(length ?? '');
  if (!match) return null;
  return Number(match[1]) * (CENTIMETRES_PER_UNIT[match[2] ?? 'cm'] ?? 1);
}

/**
 * For each narrow page, the real page its first letter or digit is on: both layouts hold the same text,
 * so a narrow page's offset into the document's letters and digits falls within one real page's.
 */
export function realPagesWhereEachStarts(realTexts: string[], narrowTexts: string[]): number[] {
  const lengthOf = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  const realEnds: number[] = [];
  let total = 0;
  for (const text of realTexts) {
    total += lengthOf(text);
    realEnds.push(total);
  }
  const starts: number[] = [];
  let offset = 0;
  for (const text of narrowTexts) {
    const index = realEnds.findIndex((end) => offset < end);
    starts.push(index === -1 ? Math.max(1, realTexts.length) : index + 1);
    offset += lengthOf(text);
  }
  return starts;
}
