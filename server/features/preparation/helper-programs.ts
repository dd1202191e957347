import { type ExecFileOptions, execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PreviewFailureCode } from '#shared/contracts/previews';
import { MAX_PAGE_TEXT_CHARACTERS, type PreparationTask } from './preparation-limits';

/**
 * The programs a preparation runs (LibreOffice, poppler), each under the task's memory limit, and what
 * it reads of a PDF through them: its page count, page sizes and texts. A file they cannot read is a
 * final refusal (PreparationRefused), not an error to retry.
 */

const run = promisify(execFile);

/**
 * Runs one helper program (LibreOffice, poppler) under `prlimit --as`, with its temporary files in the
 * work directory: a hostile file ends that program, and whatever a killed one leaves goes with the work
 * directory rather than into the system's /tmp.
 */
export async function runHelper(
  task: PreparationTask,
  command: string,
  args: string[],
  options: ExecFileOptions = {},
): Promise<{ stdout: string; stderr: string }> {
  const tmp = path.join(task.workDir, 'tmp');
  await fsp.mkdir(tmp, { recursive: true });
  const { stdout, stderr } = await run('prlimit', [`--as=${task.memoryLimitBytes}`, '--', command, ...args], {
    maxBuffer: 1024 * 1024,
    ...options,
    env: { ...process.env, ...options.env, TMPDIR: tmp },
    encoding: 'utf8',
  });
  return { stdout, stderr };
}

/** A hostile or broken file: a final state for the founder, not an error to retry. */
export class PreparationRefused extends Error {
  constructor(
    readonly code: PreviewFailureCode,
    detail: string,
  ) {
    super(detail);
  }
}

export function firstLine(error: unknown): string {
  const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
  return (
    (stderr || (error instanceof Error ? error.message : String(error))).split('\n')[0]?.slice(0, 300) ?? ''
  );
}

/**
 * One LibreOffice conversion, headless, in a profile of its own (parallel runs would block on a shared
 * one) whose settings forbid macros: a document's macros never run, whatever it asks. Its address space
 * is capped, so a zip bomb ends LibreOffice rather than filling the machine's memory. `convertTo` is
 * LibreOffice's target (an extension, with a filter and its options after a colon); `source` is the
 * file to convert (the original by default); returns the file it wrote, named as its source with
 * <extension>.
 */
export async function convertWithOffice(
  task: PreparationTask,
  convertTo: string,
  extension: string,
  source?: string,
): Promise<string> {
  const profile = path.join(task.workDir, 'office-profile');
  await fsp.mkdir(path.join(profile, 'user'), { recursive: true });
  await fsp.writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), LOCKED_DOWN_OFFICE_SETTINGS);
  const outDir = path.join(task.workDir, 'converted');
  const input = source ?? path.join(task.workDir, `document.${task.extension}`);
  // LibreOffice names its output after its input: the original gets its extension back, once.
  if (!fs.existsSync(input)) await fsp.rename(task.inputPath, input);
  try {
    await runHelper(
      task,
      'soffice',
      [
        '--headless',
        '--norestore',
        '--nologo',
        '--nolockcheck',
        '--nodefault',
        `-env:UserInstallation=file://${profile}`,
        '--convert-to',
        convertTo,
        '--outdir',
        outDir,
        input,
      ],
      { cwd: task.workDir, env: { HOME: profile } },
    );
  } catch (error) {
    throw new PreparationRefused('conversion_failed', `LibreOffice failed: ${firstLine(error)}`);
  }
  const converted = path.join(outDir, `${path.parse(input).name}.${extension}`);
  // LibreOffice exits 0 when it could not load a file; only the file it wrote says it converted.
  if (!fs.existsSync(converted))
    throw new PreparationRefused('conversion_failed', `LibreOffice wrote no ${extension.toUpperCase()}`);
  return converted;
}

/** Macros off for good (https://help.libreoffice.org/latest/en-US/text/shared/optionen/macrosecurity_ss.html). */
const LOCKED_DOWN_OFFICE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseSystemFileDialog" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

/** The page count from the page tree, checked against the cap before any page is rendered. */
export async function countPages(task: PreparationTask, pdf: string): Promise<number> {
  const info = await pdfinfo(task, pdf, []);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  if (pages < 1) throw new PreparationRefused('corrupt', 'the PDF has no pages');
  if (pages > task.maxPages) throw new PreparationRefused('too_many_pages', `${pages} pages`);
  return pages;
}

export async function pdfinfo(task: PreparationTask, pdf: string, args: string[]): Promise<string> {
  try {
    return (await runHelper(task, 'pdfinfo', [...args, pdf], { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '');
    if (/incorrect password/i.test(stderr))
      throw new PreparationRefused('password_protected', 'needs a password');
    throw new PreparationRefused('corrupt', `pdfinfo failed: ${firstLine(error)}`);
  }
}

/**
 * Each page's size in points as it is shown (a page rotated by 90 or 270 degrees swaps its sides), and
 * its rotation (0, 90, 180 or 270 degrees clockwise), which poppler's word boxes are given in.
 */
export async function pageSizes(task: PreparationTask, pdf: string, pageCount: number): Promise<PageSize[]> {
  const info = await pdfinfo(task, pdf, ['-f', '1', '-l', String(pageCount)]);
  const sizes: PageSize[] = [];
  for (const match of info.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+)/gm)) {
    sizes[Number(match[1]) - 1] = { width: Number(match[2]), height: Number(match[3]), rotation: 0 };
  }
  for (const match of info.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) {
    const size = sizes[Number(match[1]) - 1];
    const rotation = Number(match[2]) % 360;
    if (!size) continue;
    sizes[Number(match[1]) - 1] =
      rotation % 180 === 90 ? { width: size.height, height: size.width, rotation } : { ...size, rotation };
  }
  if (sizes.length !== pageCount || sizes.some((size) => !size || !(size.width > 0 && size.height > 0)))
    throw new PreparationRefused('corrupt', 'a page has no size');
  return sizes;
}

export interface PageSize {
  width: number;
  height: number;
  rotation: number;
}

/**
 * The share of each page its images cover (0 to 1), from `pdfimages -list`, which reads the pages'
 * drawing and decodes no image: an image's size on its page is its pixels over its resolution there.
 * Masks (another image's transparency) are not counted; stencils are (a one-bit image painted in one
 * colour, as some scanners write a page). Null when pdfimages cannot tell.
 */
export async function pageImageShares(
  task: PreparationTask,
  pdf: string,
  sizes: PageSize[],
): Promise<number[] | null> {
  let listing: string;
  try {
    listing = (
      await runHelper(task, 'pdfimages', ['-f', '1', '-l', String(sizes.length), '-list', pdf], {
        maxBuffer: 16 * 1024 * 1024,
      })
    ).stdout;
  } catch {
    return null;
  }
  const covered = sizes.map(() => 0);
  for (const line of listing.split('\n')) {
    // page num type width height color comp bpc enc interp object-id x-ppi y-ppi size ratio; an inline
    // image's object id is one word, not two, so the resolutions are read from the end.
    const fields = line.trim().split(/\s+/);
    const page = Number(fields[0]);
    if (!Number.isInteger(page) || page < 1 || page > sizes.length) continue;
    if (fields[2] !== 'image' && fields[2] !== 'stencil') continue;
    const xPpi = Number(fields.at(-4));
    const yPpi = Number(fields.at(-3));
    if (!(xPpi > 0 && yPpi > 0)) continue;
    covered[page - 1] = (covered[page - 1] ?? 0) + (Number(fields[3]) / xPpi) * (Number(fields[4]) / yPpi);
  }
  return covered.map((inches, index) => {
    const size = sizes[index] as PageSize;
    return Math.min(1, inches / ((size.width / 72) * (size.height / 72)));
  });
}

/** Every page's own text in one pdftotext run: pages are separated by form feeds. */
export async function pageTexts(task: PreparationTask, pdf: string, pageCount: number): Promise<string[]> {
  const out = path.join(task.workDir, 'pages.txt');
  try {
    await runHelper(task, 'pdftotext', ['-f', '1', '-l', String(pageCount), '-enc', 'UTF-8', pdf, out]);
  } catch (error) {
    throw new PreparationRefused('corrupt', `pdftotext failed: ${firstLine(error)}`);
  }
  const pages = (await fsp.readFile(out, 'utf8')).split('\f');
  await fsp.rm(out);
  return Array.from({ length: pageCount }, (_, index) =>
    (pages[index] ?? '').slice(0, MAX_PAGE_TEXT_CHARACTERS),
  );
}
