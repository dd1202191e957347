import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deckPdf } from '#tests/support/sample-documents';
import {
  openReaderViews,
  type ReaderViews,
  type ReportTarget,
  reportCostOf,
  uploadUntilReady,
} from './previews';
import { rssBytes } from './process-memory';
import { mb, median, printGrid } from './report';
import { roomWithInvestor } from './room-fixture';
import { productionStart, type RunningServer, startBareFastify, startNodeServer } from './servers';

/**
 * The young generation's size against what it trades (ADR 67): idle RSS and the reading reports' CPU
 * (at the budget's pace and compressed) of the built server started with each `--max-semi-space-size`,
 * in one run, beside bare Fastify (V8's defaults) measured in the same run. Run after `npm run build`:
 * `node --import tsx bench/semi-space.ts [sizes in MB, default 1 2 4]`; about two minutes a size.
 */
const SIZES_MB = process.argv.slice(2).map(Number).filter(Boolean);
const sizes = SIZES_MB.length > 0 ? SIZES_MB : [1, 2, 4];
const IDLE_STARTS = 3;
const IDLE_SETTLE_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const production = productionStart();
const startWithSemiSpace = (sizeMb: number) =>
  startNodeServer('dist/server/main.js', production.environment, [
    ...production.nodeFlags.filter((flag) => !flag.startsWith('--max-semi-space-size')),
    `--max-semi-space-size=${sizeMb}`,
  ]);

/** RSS 3 s after healthy, as bench/cold-start.ts reads it. */
async function idleRss(start: () => Promise<RunningServer>): Promise<number> {
  const server = await start();
  try {
    await sleep(IDLE_SETTLE_MS);
    return rssBytes(server.child.pid ?? 0);
  } finally {
    await server.stop();
  }
}

const target = (server: RunningServer): ReportTarget => ({
  baseUrl: server.baseUrl,
  pid: () => server.child.pid ?? 0,
});

/** Fresh starts, the sizes interleaved so that what else the machine does weighs on each alike. */
const idle = new Map<number | 'bare', number[]>();
for (let start = 0; start < IDLE_STARTS; start++) {
  for (const size of sizes)
    idle.set(size, [...(idle.get(size) ?? []), await idleRss(() => startWithSemiSpace(size))]);
  idle.set('bare', [...(idle.get('bare') ?? []), await idleRss(() => startBareFastify())]);
}

const reports = new Map<number | 'bare', { burst: number; spread: number }>();
let views: ReaderViews = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-semi-space-'));
try {
  const pdf = path.join(work, 'deck-30.pdf');
  fs.writeFileSync(pdf, deckPdf(30));
  for (const size of sizes) {
    const server = await startWithSemiSpace(size);
    try {
      const room = await roomWithInvestor(server);
      const deck = await uploadUntilReady(server, room, pdf, 'Deck 30 pages.pdf');
      views = await openReaderViews(server, room, deck.id);
      reports.set(size, await reportCostOf(target(server), views));
    } finally {
      await server.stop();
    }
  }
  const bare = await startBareFastify();
  try {
    reports.set('bare', await reportCostOf(target(bare), views));
  } finally {
    await bare.stop();
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

const bareCost = reports.get('bare') ?? { burst: Number.NaN, spread: Number.NaN };
printGrid(
  ['server', 'idle RSS (median)', 'idle RSS (each)', 'lone report, ms CPU', 'compressed, ms CPU'],
  [...sizes, 'bare' as const].map((size) => {
    const rss = idle.get(size) ?? [];
    const cost = reports.get(size) ?? { burst: Number.NaN, spread: Number.NaN };
    const ratio = (ours: number, bare: number) => (size === 'bare' ? '' : ` (${(ours / bare).toFixed(1)}x)`);
    return [
      size === 'bare' ? 'bare Fastify' : `--max-semi-space-size=${size}`,
      mb(median(rss)),
      rss.map((bytes) => mb(bytes)).join(', '),
      `${cost.spread.toFixed(3)}${ratio(cost.spread, bareCost.spread)}`,
      `${cost.burst.toFixed(3)}${ratio(cost.burst, bareCost.burst)}`,
    ];
  }),
  [1, 2, 3, 4],
);
