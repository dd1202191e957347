import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EPOCH_CACHE_MAX_AGE_MS } from '#server/durations';
import { PAGE_IMAGE_WIDTHS, THUMBNAIL_WIDTH } from '#shared/contracts/previews';
import { deckPdf, sampleDocx, samplePptx, sampleXlsx } from '#tests/support/sample-documents';
import { threadCpuStopwatch } from './process-cpu';
import { type BudgetRow, median } from './report';
import {
  apiCall,
  type BenchRoom,
  inviteAndSignIn,
  outboxSignInLinks,
  roomWithInvestor,
  uploadFile,
} from './room-fixture';
import { type RunningServer, startBareFastify, startBareNode, startRoundroom } from './servers';
import { wrkRequestsPerSecond } from './wrk';

/**
 * The budgets for reading in the browser: how long a document takes to become readable against
 * the tools' own time for the same work, how the server answers while it prepares a long document,
 * and the CPU cost of a page image and of a reading report against bare Fastify answering the same.
 */

const seconds = (value: number) => `${value.toFixed(1)} s`;

/**
 * pdftoppm alone rendering every page at each size the preparation makes, to uncompressed PPM (the
 * cheapest output: no encoding), so the budget leaves room for our encoding and storing only.
 */
function pdftoppmSeconds(pdf: string): number {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-pdftoppm-'));
  try {
    const started = performance.now();
    for (const width of [...PAGE_IMAGE_WIDTHS, THUMBNAIL_WIDTH]) {
      execFileSync('pdftoppm', [
        '-png',
        '-scale-to-x',
        String(width),
        '-scale-to-y',
        '-1',
        pdf,
        path.join(out, `w${width}`),
      ]);
    }
    return (performance.now() - started) / 1000;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** LibreOffice alone converting an Office file to PDF, with its own profile as the preparation uses. */
function libreOfficeSeconds(file: string): { seconds: number; pdf: string } {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-soffice-'));
  const started = performance.now();
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${out}/profile`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      out,
      file,
    ],
    { stdio: 'ignore' },
  );
  return {
    seconds: (performance.now() - started) / 1000,
    pdf: path.join(out, `${path.parse(file).name}.pdf`),
  };
}

interface ListedDocument {
  id: string;
  preview: { status: string };
}

/** Uploads a file and waits until its preview is ready; returns its id and the seconds from upload to ready. */
export async function uploadUntilReady(
  server: RunningServer,
  room: BenchRoom,
  file: string,
  name: string,
): Promise<{ id: string; seconds: number }> {
  const started = performance.now();
  const url = await uploadFile(server, room, file, name);
  const id = /documents\/([0-9a-f-]+)\//.exec(url)?.[1] ?? '';
  for (;;) {
    const documents = (await apiCall(
      server,
      'GET',
      '/api/my-documents',
      room.founderToken,
    )) as ListedDocument[];
    const status = documents.find((document) => document.id === id)?.preview.status;
    if (status === 'ready') return { id, seconds: (performance.now() - started) / 1000 };
    if (status === 'failed') throw new Error(`${name} could not be prepared`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The together row's budget: four small files all readable within this many times the slowest alone. */
const SMALL_FILES_TOGETHER_RATIO = 1.5;

/**
 * Four small files of the four kinds a raise starts with (a PDF, a Word file, a workbook, a deck) uploaded
 * together: the time until all four are readable, against the slowest of them prepared alone on the same
 * server (docs/decisions/0079-parallel-preparation-of-small-files.md). One at a time, this was the sum
 * of the four.
 */
export async function measureSmallFilesTogether(): Promise<BudgetRow[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-together-'));
  fs.chmodSync(work, 0o755);
  const files = [
    { name: 'Deck.pdf', bytes: deckPdf(4) },
    { name: 'Memo.docx', bytes: sampleDocx(2) },
    { name: 'Model.xlsx', bytes: sampleXlsx() },
    { name: 'Slides.pptx', bytes: samplePptx(4) },
  ].map(({ name, bytes }) => {
    const file = path.join(work, name);
    fs.writeFileSync(file, bytes);
    return { name, file };
  });
  const server = await startRoundroom();
  try {
    // Each alone first, in a room of its own, so that nothing else is being prepared meanwhile.
    const alone: number[] = [];
    for (const { name, file } of files) {
      const room = await roomWithInvestor(server);
      alone.push((await uploadUntilReady(server, room, file, name)).seconds);
    }
    const slowest = Math.max(...alone);
    const room = await roomWithInvestor(server);
    const started = performance.now();
    await Promise.all(files.map(({ name, file }) => uploadUntilReady(server, room, file, name)));
    const together = (performance.now() - started) / 1000;
    const ratio = together / slowest;
    return [
      {
        budget: `4 small files (PDF, DOCX, XLSX, PPTX) uploaded together all readable <= ${SMALL_FILES_TOGETHER_RATIO}x the slowest alone`,
        measured: `${seconds(together)} (${ratio.toFixed(2)}x; ${os.availableParallelism()} cores, PREVIEW_CONCURRENCY=auto)`,
        baseline: `${seconds(slowest)} (slowest alone; each alone: ${alone.map(seconds).join(', ')})`,
        pass: ratio <= SMALL_FILES_TOGETHER_RATIO,
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export async function measurePreviewBudgets(): Promise<BudgetRow[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-previews-'));
  fs.chmodSync(work, 0o755);
  const server = await startRoundroom();
  const rows: BudgetRow[] = [];
  try {
    const room = await roomWithInvestor(server);
    const investor = { authorization: `Bearer ${room.investorToken}` };

    // A 30-page PDF: ready within 3x pdftoppm's own time for the same pages and sizes.
    const pdf30 = path.join(work, 'deck-30.pdf');
    fs.writeFileSync(pdf30, deckPdf(30));
    const toolPdf = pdftoppmSeconds(pdf30);
    const deck = await uploadUntilReady(server, room, pdf30, 'Deck 30 pages.pdf');
    rows.push({
      budget: '30-page PDF ready to read <= 3x pdftoppm alone',
      measured: `${seconds(deck.seconds)} (${(deck.seconds / toolPdf).toFixed(1)}x)`,
      baseline: `${seconds(toolPdf)} (pdftoppm, same pages and widths)`,
      pass: deck.seconds <= 3 * toolPdf,
    });

    // A 30-slide PPTX: within 2x LibreOffice's conversion plus pdftoppm on its result.
    const pptx = path.join(work, 'deck-30.pptx');
    fs.writeFileSync(pptx, samplePptx(30));
    const converted = libreOfficeSeconds(pptx);
    const toolPptx = converted.seconds + pdftoppmSeconds(converted.pdf);
    fs.rmSync(path.dirname(converted.pdf), { recursive: true, force: true });
    const slides = await uploadUntilReady(server, room, pptx, 'Deck 30 slides.pptx');
    rows.push({
      budget: '30-slide PPTX ready to read <= 2x LibreOffice + pdftoppm',
      measured: `${seconds(slides.seconds)} (${(slides.seconds / toolPptx).toFixed(1)}x)`,
      baseline: `${seconds(toolPptx)} (soffice then pdftoppm)`,
      pass: slides.seconds <= 2 * toolPptx,
    });

    rows.push(await measurePageImages(server, investor, deck.id, work));

    // /api/auth/me while a 300-page PDF is prepared, against the same without.
    const me = `${server.baseUrl}/api/auth/me`;
    const idle = median([
      await wrkRequestsPerSecond(me, investor, 4),
      await wrkRequestsPerSecond(me, investor, 4),
    ]);
    const pdf300 = path.join(work, 'deck-300.pdf');
    fs.writeFileSync(pdf300, deckPdf(300));
    const preparing = uploadUntilReady(server, room, pdf300, 'Deck 300 pages.pdf');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const busy = await wrkRequestsPerSecond(me, investor, 4);
    const long = await preparing;
    rows.push({
      budget: '/api/auth/me while a 300-page PDF is prepared >= 70% of idle',
      measured: `${Math.round(busy)} req/s (${Math.round((busy / idle) * 100)}%; prepared in ${seconds(long.seconds)})`,
      baseline: `${Math.round(idle)} req/s (nothing preparing)`,
      pass: busy >= 0.7 * idle,
    });

    rows.push(...(await measureReportCost(server, room, deck.id)));
    return rows;
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The pace of the page-image row: a reader's viewer fetching pages, many readers at once. */
const PAGE_IMAGES_PER_SECOND = 400;
const PAGE_IMAGE_SECONDS = 6;
/** The restated reading budgets (ADR 67): ours at most this many times bare Fastify answering the same. */
const READING_COST_BUDGET_RATIO = 3;

/**
 * A member fetching one page image, against bare Fastify answering the same bytes from memory at the
 * same pace (the budget, ADR 67): the CPU each server spends per image, read from /proc, with what the
 * idle process spends in as long subtracted, each warmed first. Paced rather than flat out, so that
 * each server does the same work in the same time whatever else the host is running.
 */
export async function measurePageImages(
  server: RunningServer,
  investor: Record<string, string>,
  documentId: string,
  work: string,
): Promise<BudgetRow> {
  const pagePath = `/api/documents/${documentId}/pages/1?width=${PAGE_IMAGE_WIDTHS[0]}`;
  const image = await fetch(`${server.baseUrl}${pagePath}`, { headers: investor });
  if (image.status !== 200) throw new Error(`page image: ${image.status}`);
  const imageFile = path.join(work, 'page-1.webp');
  fs.writeFileSync(imageFile, Buffer.from(await image.arrayBuffer()));
  const bare = await startBareFastify({ PAGE_IMAGE_FILE: imageFile });
  try {
    const ours = await cpuPerPacedRequest(`${server.baseUrl}${pagePath}`, server.child.pid ?? 0, investor);
    const theirs = await cpuPerPacedRequest(`${bare.baseUrl}/page-image`, bare.child.pid ?? 0, {});
    const ratio = ours / theirs;
    const pace = `${PAGE_IMAGES_PER_SECOND} a second for ${PAGE_IMAGE_SECONDS} s`;
    return {
      budget: `member page image <= ${READING_COST_BUDGET_RATIO}x bare Fastify answering the same at the same pace`,
      measured: `${ours.toFixed(0)} µs CPU each (${ratio.toFixed(1)}x; ${pace})`,
      baseline: `${theirs.toFixed(0)} µs CPU each (bare Fastify, the same bytes from memory)`,
      pass: ratio <= READING_COST_BUDGET_RATIO,
    };
  } finally {
    await bare.stop();
  }
}

/**
 * The CPU microseconds a server spends per GET of `url` asked PAGE_IMAGES_PER_SECOND times a second
 * (every 10 ms, a batch), less what it spends idle in as long; warmed by an unmeasured second first.
 */
async function cpuPerPacedRequest(url: string, pid: number, headers: Record<string, string>) {
  const perTick = PAGE_IMAGES_PER_SECOND / 100;
  const run = async (seconds: number) => {
    const started = performance.now();
    const requests: Promise<void>[] = [];
    for (let tick = 0; tick < seconds * 100; tick++) {
      await sleep(started + tick * 10 - performance.now());
      for (let n = 0; n < perTick; n++) {
        requests.push(
          fetch(url, { headers }).then(async (response) => {
            if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
            await response.arrayBuffer();
          }),
        );
      }
    }
    await Promise.all(requests);
    return requests.length;
  };
  await run(1);
  const idle = threadCpuStopwatch(pid);
  await sleep(IDLE_SAMPLE_MS);
  const idleCpuPerMs = idle.seconds() / IDLE_SAMPLE_MS;
  const started = performance.now();
  const running = threadCpuStopwatch(pid);
  const count = await run(PAGE_IMAGE_SECONDS);
  const cpu = running.seconds() - idleCpuPerMs * (performance.now() - started);
  return (cpu / count) * 1e6;
}

/** The budget's readers; REPORT_READERS=n measures a reduced run of the same code path (reported as such). */
const BUDGET_READERS = 200;
const READERS = positiveWholeNumberFrom('REPORT_READERS', BUDGET_READERS);
/** The viewer's interval between reports (web/features/viewer), which the budget names. */
const REPORT_INTERVAL_MS = 10_000;
/** Rounds of the compressed run: every view at once, as soon as the per-view limit allows (REPORT_BURST_ROUNDS=n). */
const BURST_ROUNDS = positiveWholeNumberFrom('REPORT_BURST_ROUNDS', 10);
/**
 * Reports per view in the run at the budget's own pace: one whole lifetime of the server's cached
 * answers (EPOCH_CACHE_MAX_AGE_MS), so that each reader's session and room are read again as often as in
 * a long run, once a minute. The warm-up loads every reader's answers at one moment and they expire
 * together: three rounds (30 s) held that expiry for every reader, a reload in every third report
 * instead of every sixth (ADR 87).
 */
const SPREAD_ROUNDS = Math.round(EPOCH_CACHE_MAX_AGE_MS / REPORT_INTERVAL_MS);
/** How long the idle server's own CPU (timers, the job queue's polls) is sampled, to be subtracted. */
const IDLE_SAMPLE_MS = 5_000;

function positiveWholeNumberFrom(variable: string, otherwise: number): number {
  const value = process.env[variable];
  if (value === undefined || value === '') return otherwise;
  if (!/^[1-9][0-9]*$/.test(value))
    throw new Error(`${variable} must be a whole number above 0, not "${value}"`);
  return Number(value);
}

export type ReaderViews = { viewId: string; token: string }[];

/**
 * The reading-report budget, measured two ways, each beside a bare Fastify route, bare node:http and
 * nginx answering the same POSTs at the same moments with 204 (what any request costs here, in Node with
 * and without a framework, and in C), CPU read from /proc, every server warmed first:
 * - at the budget's own pace: 200 distinct investors, each with their own view, each reporting every
 *   10 s at their own moment (spread evenly, so one report every 50 ms, each arriving alone), six
 *   each (SPREAD_ROUNDS); the server's CPU over that minute less what the idle server spends in as long;
 * - compressed: the same 200 views reporting all at once, ten rounds as fast as the per-view limit
 *   allows: the marginal cost of a report when many arrive together.
 * One view each stays well within the per-user limit on opening views.
 */
export async function measureReportCost(
  server: RunningServer,
  room: BenchRoom,
  documentId: string,
): Promise<BudgetRow[]> {
  const views = await openReaderViews(server, room, documentId);
  const measure = (target: ReportTarget) => reportCostOf(target, views);
  const ours = await measure({ baseUrl: server.baseUrl, pid: () => server.child.pid ?? 0 });
  const nginxRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-nginx-root-'));
  const { startNginx } = await import('./nginx');
  const [fastify, node, nginx] = await Promise.all([
    startBareFastify(),
    startBareNode(),
    startNginx(nginxRoot, 'location / { return 204; }'),
  ]);
  let baselines: Record<'fastify' | 'node' | 'nginx', typeof ours>;
  try {
    baselines = {
      fastify: await measure({ baseUrl: fastify.baseUrl, pid: () => fastify.child.pid ?? 0 }),
      node: await measure({ baseUrl: node.baseUrl, pid: () => node.child.pid ?? 0 }),
      nginx: await measure({ baseUrl: nginx.baseUrl, pid: () => nginx.workerPid() }),
    };
  } finally {
    await Promise.all([fastify.stop(), node.stop(), nginx.stop()]);
    fs.rmSync(nginxRoot, { recursive: true, force: true });
  }
  const baseline = (run: 'spread' | 'burst') =>
    `ms per POST answered 204 at the same moments${run === 'spread' ? ' (idle CPU subtracted)' : ''}: ` +
    `bare Fastify ${baselines.fastify[run].toFixed(3)}, bare node:http ${baselines.node[run].toFixed(3)}, nginx ${baselines.nginx[run].toFixed(3)}`;
  const spreadRatio = ours.spread / baselines.fastify.spread;
  const burstRatio = ours.burst / baselines.fastify.burst;
  return [
    {
      budget: `a lone reading report <= ${READING_COST_BUDGET_RATIO}x bare Fastify answering the same POST at the same pace`,
      measured: `${ours.spread.toFixed(3)} ms CPU per report (${spreadRatio.toFixed(1)}x; ${READERS} readers every ${REPORT_INTERVAL_MS / 1000} s for ${(SPREAD_ROUNDS * REPORT_INTERVAL_MS) / 1000} s, one report every ${REPORT_INTERVAL_MS / READERS} ms)`,
      baseline: baseline('spread'),
      pass: spreadRatio <= READING_COST_BUDGET_RATIO,
    },
    {
      budget: `the same, compressed: ${BUDGET_READERS} readers reporting at once <= ${READING_COST_BUDGET_RATIO}x bare Fastify`,
      measured: `${ours.burst.toFixed(3)} ms CPU per report (${burstRatio.toFixed(1)}x; ${READERS * BURST_ROUNDS} reports${READERS === BUDGET_READERS ? '' : `, a reduced run of ${READERS} readers`})`,
      baseline: baseline('burst'),
      pass: burstRatio <= READING_COST_BUDGET_RATIO,
    },
  ];
}

/** READERS investors of the room, each signed in with a view of the document open. */
export async function openReaderViews(
  server: RunningServer,
  room: BenchRoom,
  documentId: string,
): Promise<ReaderViews> {
  const views: ReaderViews = [];
  const readSignInLink = outboxSignInLinks(server);
  for (let reader = 0; reader < READERS; reader++) {
    const investor = await inviteAndSignIn(
      server,
      [room.founderToken],
      `reader-${reader}-${Date.now()}@example.com`,
      readSignInLink,
    );
    const opened = (await apiCall(
      server,
      'POST',
      `/api/documents/${documentId}/views`,
      investor.token,
      {},
      201,
    )) as {
      viewId: string;
    };
    views.push({ viewId: opened.viewId, token: investor.token });
  }
  return views;
}

/**
 * CPU ms per report at the budget's pace and compressed, warmed first by one unmeasured compressed run:
 * a long-running server's code is optimised.
 */
export async function reportCostOf(target: ReportTarget, views: ReaderViews) {
  await cpuMsPerBurstReport(target, views);
  return {
    burst: await cpuMsPerBurstReport(target, views),
    spread: await cpuMsPerSpreadReport(target, views),
  };
}

/** A server answering reading reports, and the process whose CPU they cost. */
export interface ReportTarget {
  baseUrl: string;
  pid(): number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
/** Each view may report again once its previous report is this old (MIN_SECONDS_BETWEEN_REPORTS). */
const UNTIL_A_VIEW_MAY_REPORT_MS = 2_100;

const sendReport = (server: ReportTarget, view: ReaderViews[number], page: number) =>
  apiCall(
    server,
    'POST',
    `/api/views/${view.viewId}/reports`,
    view.token,
    { pages: [{ page: (page % 30) + 1, seconds: 2 }] },
    204,
  );

/** Every view reports every REPORT_INTERVAL_MS at its own phase: the server's CPU ms per report, idle subtracted. */
async function cpuMsPerSpreadReport(server: ReportTarget, views: ReaderViews) {
  const pid = server.pid();
  await sleep(UNTIL_A_VIEW_MAY_REPORT_MS);
  const idle = threadCpuStopwatch(pid);
  await sleep(IDLE_SAMPLE_MS);
  const idleCpuPerMs = idle.seconds() / IDLE_SAMPLE_MS;

  const started = performance.now();
  const running = threadCpuStopwatch(pid);
  await Promise.all(
    views.map(async (view, reader) => {
      const phase = (reader / views.length) * REPORT_INTERVAL_MS;
      for (let round = 0; round < SPREAD_ROUNDS; round++) {
        await sleep(started + phase + round * REPORT_INTERVAL_MS - performance.now());
        await sendReport(server, view, reader + round);
      }
    }),
  );
  const cpu = running.seconds() - idleCpuPerMs * (performance.now() - started);
  return (cpu / (views.length * SPREAD_ROUNDS)) * 1000;
}

/** Rounds of one report per view, all at once, each round once the per-view limit allows: CPU ms each. */
async function cpuMsPerBurstReport(server: ReportTarget, views: ReaderViews) {
  const pid = server.pid();
  let cpu = 0;
  for (let round = 0; round < BURST_ROUNDS; round++) {
    await sleep(UNTIL_A_VIEW_MAY_REPORT_MS);
    const burst = threadCpuStopwatch(pid);
    await Promise.all(views.map((view, reader) => sendReport(server, view, reader + round)));
    cpu += burst.seconds();
  }
  return (cpu / (views.length * BURST_ROUNDS)) * 1000;
}
