import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OCR_DPI } from '#server/features/preparation/index';
import { scannedPdf, writtenPdf } from '#tests/support/sample-documents';
import { uploadUntilReady } from './previews';
import type { BudgetRow } from './report';
import { roomWithInvestor } from './room-fixture';
import { type RunningServer, startRoundroom } from './servers';

/**
 * The search group's OCR row: a 30-page scan made readable and searchable by the product's preparation
 * (render, OCR, page images, words, stored) against tesseract alone reading the same page images, with
 * the same arguments, one after the other, measured side by side in the same run.
 *
 * The budget is on CPU time: the preparation runs at nice 19 and on one thread beside the server, so its
 * wall time measures what else the host is doing as much as the work; the CPU both spend is the work
 * itself. Wall times are shown beside it (on an idle host they are close: both are single-threaded).
 */

/** The budget: the preparation's CPU for a scan at most this many times tesseract's alone. */
const OCR_BUDGET_RATIO = 1.5;
const SCAN_PAGES = 30;
/** What a scanner writes for office paper: grey JPEG pages at 200 dpi. */
const SCAN_DPI = 200;

/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK), as process-cpu.ts reads them. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds of a process and of every descendant it has waited for (utime, stime, cutime, cstime of
 * /proc/PID/stat): a preparation's child and the tesseract it ran count into the server once they end.
 */
function cpuWithEndedChildren(pid: number | 'self'): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / TICKS_PER_SECOND;
}

/** A page of prose: a title and 28 lines of 14 pt text, as a letter or a contract page holds. */
function proseLines(page: number): string[] {
  const words = ['revenue', 'margin', 'customer', 'contract', 'quarter', 'growth', 'pipeline', 'retention'];
  return [
    `Section ${page}: terms of the agreement`,
    ...Array.from({ length: 28 }, (_, line) =>
      Array.from({ length: 10 }, (_, index) => words[(page * 7 + line * 3 + index) % words.length]).join(' '),
    ),
  ];
}

/** Live processes of the server's preparations (they name its work directory): none once all are reaped. */
function preparing(server: RunningServer): boolean {
  const workRoot = path.join(server.dataDir, 'preparing');
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .some((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(workRoot);
      } catch {
        return false;
      }
    });
}

/** Tesseract alone on each page image, as the preparation runs it (one thread, grey, 300 dpi, TSV). */
function tesseractAlone(scan: string, work: string): { cpu: number; seconds: number } {
  const images = path.join(work, 'pages');
  fs.mkdirSync(images);
  execFileSync('pdftoppm', ['-gray', '-r', String(OCR_DPI), scan, path.join(images, 'page')]);
  const pages = fs.readdirSync(images).sort();
  if (pages.length !== SCAN_PAGES) throw new Error(`${pages.length} page images for ${SCAN_PAGES} pages`);
  const cpuBefore = cpuWithEndedChildren('self');
  const started = performance.now();
  for (const page of pages) {
    execFileSync('tesseract', [path.join(images, page), '-', '-l', 'eng', '--dpi', String(OCR_DPI), 'tsv'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
  }
  return {
    seconds: (performance.now() - started) / 1000,
    cpu: cpuWithEndedChildren('self') - cpuBefore,
  };
}

export async function measureScanOcr(): Promise<BudgetRow[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-ocr-'));
  fs.chmodSync(work, 0o755);
  const scan = path.join(work, 'scan-30.pdf');
  fs.writeFileSync(scan, scannedPdf(writtenPdf({ pages: SCAN_PAGES, lines: proseLines }), SCAN_DPI));
  const alone = tesseractAlone(scan, work);
  const server = await startRoundroom();
  try {
    const room = await roomWithInvestor(server);
    const pid = server.child.pid ?? 0;
    const cpuBefore = cpuWithEndedChildren(pid);
    const prepared = await uploadUntilReady(server, room, scan, 'Scan 30 pages.pdf');
    while (preparing(server)) await new Promise((resolve) => setTimeout(resolve, 20));
    const cpu = cpuWithEndedChildren(pid) - cpuBefore;
    const ratio = cpu / alone.cpu;
    return [
      {
        budget: `${SCAN_PAGES}-page scan read by OCR (text and words) <= ${OCR_BUDGET_RATIO}x tesseract alone, CPU`,
        measured: `${cpu.toFixed(1)} s CPU (${ratio.toFixed(2)}x; ready in ${prepared.seconds.toFixed(1)} s)`,
        baseline: `${alone.cpu.toFixed(1)} s CPU (tesseract, the same ${SCAN_PAGES} page images at ${OCR_DPI} dpi; ${alone.seconds.toFixed(1)} s)`,
        pass: ratio <= OCR_BUDGET_RATIO,
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
