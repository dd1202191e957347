import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FormData } from 'undici';
import type { Config } from '#server/config';
import { UPLOADS_PER_ROOM } from '#server/features/documents/index';
import { startTestSmtpServer } from '#tests/support/smtp-server';
import { type AccessLogCheck, AccessTally, checkAccessLog } from './access-log-check';
import { drainedBytes, LoadClient } from './load-client';
import { LoadStats, type Miss, type RouteSummary } from './load-stats';
import { cpuMeter, cpuSeconds } from './process-cpu';
import {
  apiCall,
  type BenchInvestor,
  inviteAndSignIn,
  type ServerAddress,
  type SignInLinkReader,
  saveSections,
  smtpSignInLinks,
  uploadFile,
  writePdf,
} from './room-fixture';
import { createBenchFounder, startBareFastify, startRoundroom } from './servers';

/**
 * The load scenario: investors, invited and signed in through the real magic-link flow,
 * browse their rooms, download files (some by byte range) and click links, while a founder uploads
 * files and edits sections, all against the production build on loopback.
 */

export interface LoadOptions {
  investors: number;
  seconds: number;
  /** Each virtual user waits between thinkMs[0] and thinkMs[1] after every step. */
  thinkMs: [number, number];
  /** PostgreSQL instead of SQLite (the server creates the schema). */
  databaseUrl?: string | undefined;
}

export const DEFAULT_LOAD: LoadOptions = { investors: 200, seconds: 60, thinkMs: [20, 120] };

export const ROUTES = {
  dashboard: 'GET /api/my-accessible-data-rooms',
  room: 'GET /api/data-room/:id',
  sections: 'GET /api/data-room/:id/sections',
  documents: 'GET /api/data-room/:id/documents',
  download: 'GET /api/documents/:id/download',
  downloadRange: 'GET /api/documents/:id/download (Range)',
  click: 'GET /api/data-room/:id/click',
  upload: 'POST /api/upload',
  founderSections: 'GET /api/sections/content',
  sectionsUpdate: 'POST /api/sections/update',
} as const;

export interface LoadTotals {
  requests: number;
  perSecond: number;
  serverErrors: number;
  failed: number;
  unexpected: number;
}

/** What the load runs against: one server, or the load balancer in front of a cluster. */
export interface LoadTarget {
  baseUrl: string;
  /** The database the servers write, read at the end to check the access log. */
  database: Config['database'];
  /** For the report: "SQLite", "PostgreSQL", or what the cluster is made of. */
  label: string;
  /** The server processes whose CPU time is measured (a process gone by the end counts until it went). */
  pids: number[];
  readSignInLink: SignInLinkReader;
  /**
   * Runs beside the measured run from its start, given the run's stats and its start time (the
   * cluster test kills a node halfway). The run ends when both it and the virtual users are done.
   */
  duringRun?: (stats: LoadStats, startedMs: number) => Promise<void>;
}

export interface LoadResult {
  database: string;
  options: LoadOptions;
  seconds: number;
  setupSeconds: number;
  rooms: number;
  seededDocuments: number;
  routes: RouteSummary[];
  totals: LoadTotals;
  /** Server process CPU time (user and system) per request over the measured run. */
  serverCpuMsPerRequest: number;
  /** The same for this process, the load generator: it shares the machine with the server. */
  generatorCpuMsPerRequest: number;
  founderUploads: number;
  founderEdits: number;
  /** Links the founder's uploads added to a section that the room's markdown no longer holds. */
  lostSectionLinks: number;
  accessLog: AccessLogCheck;
  problems: string[];
  /** Every request that did not get its expected answer, with its time. */
  misses: Miss[];
  /**
   * Every check of the run: no 5xx, no failed request, no unexpected answer, an exact access log, and
   * every link the founder's uploads added still in the sections.
   */
  passed: boolean;
}

const ROOMS = 3;
const SECTIONS_PER_ROOM = 8;
const LINKS_PER_SECTION = 5;
const SEED_FILE_SIZES = [2_000, 12_000, 40_000, 90_000, 150_000, 300_000, 600_000, 1_000_000];
const FOUNDER_FILE_SIZES = [8_000, 60_000, 250_000];
/** Sign-ups in flight at once during setup: fast, without turning setup into a load test of its own. */
const SETUP_CONCURRENCY = 16;

const random = (below: number) => Math.floor(Math.random() * below);
const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
const think = ([least, most]: [number, number]) => sleep(least + Math.random() * (most - least));

function sectionName(section: number): string {
  return section === 0 ? 'Overview' : `Section ${section}`;
}

/** A room's markdown: sections of external links; the overview's revision line is what the founder edits. */
function seedMarkdown(room: number): string {
  const sections = Array.from({ length: SECTIONS_PER_ROOM }, (_, s) => {
    const links = Array.from(
      { length: LINKS_PER_SECTION },
      (_, l) => `- [Link ${s}-${l}](https://files.example.com/room-${room}/${s}/${l}.pdf)`,
    );
    const description = s === 0 ? 'Revision 0 of the overview.' : `What section ${s} holds.`;
    return `## ${sectionName(s)}\n${description}\n${links.join('\n')}\n`;
  });
  return `# Company Information\nname: Load Co ${room}\n\n${sections.join('\n')}`;
}

/** External links of a sections markdown, as a reader's page shows them. */
function externalLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

/** `work` on every item, at most `concurrency` at a time; results in the items' order. */
async function withConcurrency<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

interface SeededRoom {
  id: string;
  founderToken: string;
}

interface Seed {
  rooms: SeededRoom[];
  investors: BenchInvestor[];
  documents: number;
}

/** Three founders' rooms with links and files; investors each invited to two rooms and signed in. */
async function seed(
  server: ServerAddress,
  options: LoadOptions,
  files: string,
  readSignInLink: SignInLinkReader,
): Promise<Seed> {
  const rooms: SeededRoom[] = [];
  let documents = 0;
  for (let r = 0; r < ROOMS; r++) {
    const founder = await createBenchFounder(server.baseUrl);
    const room = (await apiCall(server, 'GET', '/api/my-data-room', founder.token)) as { id: string };
    const seeded = { id: room.id, founderToken: founder.token };
    await saveSections(server, seeded, seedMarkdown(r));
    for (const [index, size] of SEED_FILE_SIZES.entries()) {
      const file = path.join(files, `seed-${size}.pdf`);
      if (!fs.existsSync(file)) writePdf(file, size);
      await uploadFile(server, seeded, file, `Seed ${index}.pdf`, sectionName(index % SECTIONS_PER_ROOM));
      documents++;
    }
    rooms.push(seeded);
  }
  const investors = await withConcurrency(
    Array.from({ length: options.investors }, (_, i) => i),
    SETUP_CONCURRENCY,
    (i) =>
      inviteAndSignIn(
        server,
        [rooms[i % ROOMS]?.founderToken ?? '', rooms[(i + 1) % ROOMS]?.founderToken ?? ''],
        `load-investor-${i}-${Date.now()}@example.com`,
        readSignInLink,
      ),
  );
  return { rooms, investors, documents };
}

interface DocumentItem {
  id: string;
  fileSize: string;
}

/** One way of fetching a document and what the server must answer to it. */
export interface DownloadVariant {
  route: string;
  range: string | undefined;
  status: 200 | 206;
  contentRange: string | undefined;
  bytes: number;
  /** True when the server must log it: the whole file, or a range starting at byte 0. */
  logged: boolean;
}

/** How an investor fetches a document of `size` bytes; `roll` (0 to 1) picks the way, as often as a reader would. */
export function downloadVariant(size: number, roll = Math.random()): DownloadVariant {
  const ranged = (start: number, end: number, range: string): DownloadVariant => ({
    route: ROUTES.downloadRange,
    range,
    status: 206,
    contentRange: `bytes ${start}-${end}/${size}`,
    bytes: end - start + 1,
    logged: start === 0,
  });
  // A browser's first request for a PDF viewer: the start of the file.
  if (roll < 0.15) return ranged(0, Math.min(65_535, size - 1), 'bytes=0-65535');
  // A resumed download: the rest of the file from where it stopped.
  if (roll < 0.3) {
    const start = Math.floor(size / 2);
    return ranged(start, size - 1, `bytes=${start}-`);
  }
  // The last bytes (a viewer reading a trailer): from byte 0 only when the file is that small.
  if (roll < 0.4) return ranged(Math.max(0, size - 4096), size - 1, 'bytes=-4096');
  return {
    route: ROUTES.download,
    range: undefined,
    status: 200,
    contentRange: undefined,
    bytes: size,
    logged: true,
  };
}

interface RunState {
  client: LoadClient;
  stats: LoadStats;
  tally: AccessTally;
  deadline: number;
  options: LoadOptions;
}

const isOver = (run: RunState) => performance.now() >= run.deadline;

async function download(run: RunState, investor: BenchInvestor, document: DocumentItem): Promise<void> {
  const variant = downloadVariant(Number(document.fileSize));
  await run.client.send(
    {
      route: variant.route,
      path: `/api/documents/${document.id}/download`,
      token: investor.token,
      headers: variant.range ? { range: variant.range } : {},
      expect: [variant.status],
      whenUnanswered: () => {
        if (variant.logged) run.tally.unanswered('downloaded', investor.userId, document.id);
      },
    },
    async (response) => {
      // The server logs before it sends the first byte: the event exists whatever happens to the body.
      if (variant.logged) run.tally.download(investor.userId, document.id);
      const contentRange = response.headers['content-range'];
      if (contentRange !== variant.contentRange)
        throw new Error(
          `Content-Range ${contentRange} for ${variant.range}, expected ${variant.contentRange}`,
        );
      const bytes = await drainedBytes(response);
      if (bytes !== variant.bytes) throw new Error(`${bytes} bytes received, expected ${variant.bytes}`);
    },
  );
}

async function click(run: RunState, investor: BenchInvestor, roomId: string, url: string): Promise<void> {
  await run.client.send(
    {
      route: ROUTES.click,
      path: `/api/data-room/${roomId}/click?url=${encodeURIComponent(url)}`,
      token: investor.token,
      expect: [302],
      whenUnanswered: () => run.tally.unanswered('clicked', investor.userId, url),
    },
    async (response) => {
      run.tally.click(investor.userId, url);
      await response.body.dump();
      if (response.headers.location !== new URL(url).toString())
        throw new Error(`redirected to ${response.headers.location}, expected ${url}`);
    },
  );
}

/** One visit: the dashboard, a room (its three reads in parallel, as the page makes them), a few actions. */
async function investorVisit(run: RunState, investor: BenchInvestor): Promise<void> {
  const token = investor.token;
  const dashboard = await run.client.json<{ dataRooms: { id: string }[] }>({
    route: ROUTES.dashboard,
    path: '/api/my-accessible-data-rooms',
    token,
  });
  if (!dashboard) return;
  if (dashboard.dataRooms.length !== 2) {
    run.stats.route(ROUTES.dashboard).unexpected++;
    run.stats.noteProblem(`${ROUTES.dashboard}: ${dashboard.dataRooms.length} rooms listed, expected 2`);
    return;
  }
  await think(run.options.thinkMs);
  const roomId = pick(dashboard.dataRooms).id;
  const [room, sections, documents] = await Promise.all([
    run.client.json({ route: ROUTES.room, path: `/api/data-room/${roomId}`, token }),
    run.client.json<{ content: string }>({
      route: ROUTES.sections,
      path: `/api/data-room/${roomId}/sections`,
      token,
    }),
    run.client.json<DocumentItem[]>({
      route: ROUTES.documents,
      path: `/api/data-room/${roomId}/documents`,
      token,
    }),
  ]);
  if (!room || !sections || !documents) return;
  const links = externalLinks(sections.content);
  // Opening a section happens in the page (no request): the reader looks, then acts.
  await think(run.options.thinkMs);
  const actions = 1 + random(4);
  for (let action = 0; action < actions && !isOver(run); action++) {
    if (documents.length > 0 && (links.length === 0 || Math.random() < 0.5))
      await download(run, investor, pick(documents));
    else if (links.length > 0) await click(run, investor, roomId, pick(links));
    await think(run.options.thinkMs);
  }
}

/** As the console sends them: three files at once, each linked into a section. */
const PARALLEL_UPLOADS = 3;

/**
 * The founder of the first room, throughout: three uploads at once into sections, then an edit of the
 * overview. Returns the links the uploads added, which the room's markdown must still hold at the end.
 */
async function founderAtWork(run: RunState, room: SeededRoom, files: string, seeded: number) {
  const contents: Buffer[] = FOUNDER_FILE_SIZES.map((size) => {
    const file = path.join(files, `founder-${size}.pdf`);
    writePdf(file, size);
    return fs.readFileSync(file);
  });
  // Stay under the plan's upload limit however long the run.
  const uploadLimit = UPLOADS_PER_ROOM - seeded - PARALLEL_UPLOADS;
  const links: string[] = [];
  let edits = 0;
  const founderThink: [number, number] = [100, 300];
  const upload = async (name: string) => {
    const form = new FormData();
    form.append('section', sectionName(random(SECTIONS_PER_ROOM)));
    form.append('file', new Blob([pick(contents)], { type: 'application/pdf' }), name);
    const answer = await run.client.send(
      {
        route: ROUTES.upload,
        method: 'POST',
        path: '/api/upload',
        token: room.founderToken,
        body: form,
        expect: [201],
      },
      (response) => response.body.json() as Promise<{ url: string }>,
    );
    if (answer) links.push(answer.url);
  };
  while (!isOver(run)) {
    if (links.length < uploadLimit) {
      const batch = links.length;
      await Promise.all(
        Array.from({ length: PARALLEL_UPLOADS }, (_, i) => upload(`Update ${batch + i}.pdf`)),
      );
      await think(founderThink);
    }
    const current = await run.client.json<{ content: string; version: string }>({
      route: ROUTES.founderSections,
      path: '/api/sections/content',
      token: room.founderToken,
    });
    if (current) {
      // Only the overview's revision line changes: every link an investor may click stays.
      const content = current.content.replace(
        /Revision \d+ of the overview/,
        `Revision ${edits + 1} of the overview`,
      );
      const saved = await run.client.json({
        route: ROUTES.sectionsUpdate,
        method: 'POST',
        path: '/api/sections/update',
        token: room.founderToken,
        headers: { 'content-type': 'application/json' },
        // As the console saves: against the version it read (a 409 would count as a failed request).
        body: JSON.stringify({ content, baseVersion: current.version }),
      });
      if (saved) edits++;
    }
    await think(founderThink);
  }
  return { links, edits };
}

/** Virtual users as async loops until the deadline, each starting after a random pause (no stampede). */
async function untilDeadline(run: RunState, users: number, visit: (user: number) => Promise<void>) {
  await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      await think([0, run.options.thinkMs[1]]);
      while (!isOver(run)) await visit(user);
    }),
  );
}

function totalsOf(routes: RouteSummary[], seconds: number): LoadTotals {
  const sum = (pick: (route: RouteSummary) => number) =>
    routes.reduce((total, route) => total + pick(route), 0);
  const requests = sum((route) => route.requests);
  return {
    requests,
    perSecond: requests / seconds,
    serverErrors: sum((route) => route.serverErrors),
    failed: sum((route) => route.failed),
    unexpected: sum((route) => route.unexpected),
  };
}

/** The scenario against one production server it starts (on SQLite, or PostgreSQL at databaseUrl). */
export async function runLoadScenario(options: LoadOptions): Promise<LoadResult> {
  const smtp = await startTestSmtpServer();
  const server = await startRoundroom({
    SMTP_URL: smtp.url,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  try {
    return await runLoadAgainst(
      {
        baseUrl: server.baseUrl,
        database: options.databaseUrl
          ? { dialect: 'postgres', url: options.databaseUrl }
          : { dialect: 'sqlite', file: path.join(server.dataDir, 'roundroom.sqlite') },
        label: options.databaseUrl ? 'PostgreSQL' : 'SQLite',
        pids: [server.child.pid ?? 0],
        readSignInLink: smtpSignInLinks(smtp),
      },
      options,
    );
  } finally {
    await server.stop();
    await smtp.close();
  }
}

/** The scenario against servers already running (one, or a cluster behind its load balancer). */
export async function runLoadAgainst(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  const server: ServerAddress = { baseUrl: target.baseUrl };
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-load-'));
  const stats = new LoadStats();
  const client = new LoadClient(server.baseUrl, stats);
  const serverCpu = cpuMeter(target.pids);
  // Read every second, so a process killed during the run still counts until shortly before.
  const cpuSampler = setInterval(serverCpu, 1000);
  try {
    const setupStarted = performance.now();
    const seeded = await seed(server, options, files, target.readSignInLink);
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const cpuBefore = serverCpu();
    const generatorCpuBefore = process.cpuUsage();
    const started = performance.now();
    const run: RunState = {
      client,
      stats,
      tally: new AccessTally(),
      deadline: started + options.seconds * 1000,
      options,
    };
    const firstRoom = seeded.rooms[0] as SeededRoom;
    const [founder] = await Promise.all([
      founderAtWork(run, firstRoom, files, SEED_FILE_SIZES.length),
      untilDeadline(run, seeded.investors.length, (user) =>
        investorVisit(run, seeded.investors[user] as BenchInvestor),
      ),
      target.duringRun?.(stats, started),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const serverCpuSeconds = serverCpu() - cpuBefore;
    const generatorCpu = process.cpuUsage(generatorCpuBefore);

    // Every answer is in: the events the server logged are committed. Read them from the database.
    const accessLog = await checkAccessLog(
      target.database,
      seeded.rooms.map((room) => room.id),
      run.tally,
    );
    const routes = stats.summaries(seconds);
    const totals = totalsOf(routes, seconds);
    const { content } = (await apiCall(server, 'GET', '/api/sections/content', firstRoom.founderToken)) as {
      content: string;
    };
    const lostSectionLinks = founder.links.filter((link) => !content.includes(link)).length;
    return {
      database: target.label,
      options,
      seconds,
      setupSeconds,
      rooms: seeded.rooms.length,
      seededDocuments: seeded.documents,
      routes,
      totals,
      serverCpuMsPerRequest: (serverCpuSeconds * 1000) / totals.requests,
      generatorCpuMsPerRequest: (generatorCpu.user + generatorCpu.system) / 1000 / totals.requests,
      founderUploads: founder.links.length,
      founderEdits: founder.edits,
      lostSectionLinks,
      accessLog,
      problems: stats.problems,
      misses: stats.misses,
      passed:
        totals.serverErrors === 0 &&
        totals.failed === 0 &&
        totals.unexpected === 0 &&
        accessLog.exact &&
        lostSectionLinks === 0,
    };
  } finally {
    clearInterval(cpuSampler);
    await client.close();
    fs.rmSync(files, { recursive: true, force: true });
  }
}

export interface BaselineResult {
  seconds: number;
  route: RouteSummary;
  totals: LoadTotals;
  serverCpuMsPerRequest: number;
}

/**
 * The same virtual users, visit shape and think times against a bare Fastify hello-world route: what
 * this machine and this load generator reach when the server does nothing. Our figures under load are
 * read beside it.
 */
export async function runBareFastifyBaseline(options: LoadOptions): Promise<BaselineResult> {
  const server = await startBareFastify();
  const stats = new LoadStats();
  const client = new LoadClient(server.baseUrl, stats);
  const route = 'GET /api/health (bare Fastify)';
  const hello = () => client.json({ route, path: '/api/health' });
  try {
    const pid = server.child.pid ?? 0;
    const cpuBefore = cpuSeconds(pid);
    const started = performance.now();
    const run: RunState = {
      client,
      stats,
      tally: new AccessTally(),
      deadline: started + options.seconds * 1000,
      options,
    };
    await untilDeadline(run, options.investors, async () => {
      // The investor's visit, request for request: dashboard; room, sections and documents at once; actions.
      await hello();
      await think(options.thinkMs);
      await Promise.all([hello(), hello(), hello()]);
      await think(options.thinkMs);
      const actions = 1 + random(4);
      for (let action = 0; action < actions && !isOver(run); action++) {
        await hello();
        await think(options.thinkMs);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const serverCpuSeconds = cpuSeconds(pid) - cpuBefore;
    const [summary] = stats.summaries(seconds);
    if (!summary) throw new Error('the baseline made no request');
    return {
      seconds,
      route: summary,
      totals: totalsOf([summary], seconds),
      serverCpuMsPerRequest: (serverCpuSeconds * 1000) / summary.requests,
    };
  } finally {
    await client.close();
    await server.stop();
  }
}
