import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, chromium, type Page, type Request } from '@playwright/test';
import { rolldown } from 'rolldown';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/support/chromium';
import { type SeededDeck, seedDeck, throttledPhone, untilPageOnScreen } from './reader';
import { type BudgetRow, kb, median, ms } from './report';
import { apiCall, outboxInvitationLinks } from './room-fixture';
import { type RunningServer, startRoundroom } from './servers';

/**
 * The investor's first screen on a phone (docs/decisions/0075-the-investors-first-screen.md): a 390 px
 * phone on Chromium's 4G profile (9 Mbit/s, 150 ms round trip), cold cache, each page beside a baseline
 * served by the same server in the same run: a static HTML page with the company's name and one image of
 * page one's size, which is what a page that names the room and shows a slide cannot do faster.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const COMPANY = 'Bench Co';
const BASELINE_DIR = 'bench-baseline';

/** Largest contentful paint, in ms since the navigation started, once `ready` is on screen. */
async function largestContentfulPaint(page: Page): Promise<number> {
  // bench/ is compiled without the DOM's types: the observer is given its entry type as a plain string.
  return page.evaluate(
    (type) =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: type as 'mark', buffered: true });
      }),
    'largest-contentful-paint',
  );
}

/** The page's own clock (ms since its navigation started), read once `condition` holds on screen. */
async function pageTimeWhen(page: Page, condition: () => boolean): Promise<number> {
  const handle = await page.waitForFunction(condition, undefined, { polling: 'raf', timeout: 60_000 });
  await handle.dispose();
  return page.evaluate(() => performance.now());
}

/** The static page the others are measured against: the company's name and page one's image. */
function writeBaselinePage(webRoot: string, pageImage: Buffer): void {
  const directory = path.join(webRoot, BASELINE_DIR);
  fs.mkdirSync(directory, { recursive: true });
  fs.writeFileSync(path.join(directory, 'page-one.webp'), pageImage);
  fs.writeFileSync(
    path.join(directory, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${COMPANY}</title></head>` +
      `<body style="font-family:sans-serif;margin:16px"><h1>${COMPANY}</h1><img src="page-one.webp" alt="Page 1" style="width:100%"></body></html>`,
  );
}

interface Requests {
  /** Requests made before the first /api/ request. */
  beforeFirstApiCall: number;
  /**
   * JavaScript bytes over the wire (compressed, headers included) of the files the browser asked for
   * before `epochMs` (the code it fetches ahead for the next page once this one is usable is not counted).
   */
  javascriptBytesBefore(epochMs: number): Promise<number>;
}

/** Counts what the page fetches (the page's own requests and its workers'), as Playwright sees them. */
function countRequests(page: Page): Requests {
  let beforeFirstApiCall = 0;
  let apiCalled = false;
  const scripts: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apiCalled = true;
    if (!apiCalled) beforeFirstApiCall++;
    // By the file, not the request's type: the sections parser's worker is JavaScript the page waits for.
    if (pathname.endsWith('.js')) scripts.push(request);
  });
  return {
    get beforeFirstApiCall() {
      return beforeFirstApiCall;
    },
    async javascriptBytesBefore(epochMs) {
      const sizes = await Promise.all(scripts.map((request) => request.sizes()));
      return scripts.reduce((sum, request, index) => {
        const size = sizes[index];
        if (!size || request.timing().startTime > epochMs) return sum;
        return sum + size.responseBodySize + size.responseHeadersSize;
      }, 0);
    },
  };
}

async function newShareLink(server: RunningServer, deck: SeededDeck): Promise<string> {
  const { groups } = (await apiCall(server, 'GET', '/api/my-data-room/groups', deck.founderToken)) as {
    groups: { id: string }[];
  };
  const created = (await apiCall(
    server,
    'POST',
    '/api/my-data-room/share-links',
    deck.founderToken,
    { name: `Bench link ${Date.now()}`, groupId: groups[0]?.id },
    201,
  )) as { url: string };
  return new URL(created.url).pathname;
}

async function freshInvitationPath(server: RunningServer, deck: SeededDeck): Promise<string> {
  const email = `first-screen-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await apiCall(server, 'POST', '/api/invites', deck.founderToken, { email }, 201);
  return `/data-room?invite=${await outboxInvitationLinks(server)(email)}`;
}

const companyAndButtonOnScreen = () => {
  const body = (globalThis as unknown as { document: { body: { innerText: string } } }).document.body;
  return body.innerText.includes('Bench Co') && body.innerText.includes('Open the data room');
};
const headingOnScreen = () =>
  (
    globalThis as unknown as { document: { querySelector(selector: string): unknown } }
  ).document.querySelector('h1') !== null;
/** The room's frame: its header with the company's name, rows to come or come. */
const roomFrameOnScreen = () =>
  (
    globalThis as unknown as { document: { querySelector(selector: string): unknown } }
  ).document.querySelector('[data-room-frame]') !== null;
const roomRowsOnScreen = () =>
  (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText.includes(
    'Bench widescreen deck',
  );
/**
 * When the invitation page became usable, as an epoch time in the page: noted by a MutationObserver the
 * moment React's commit enables the button, before any effect of that commit runs (a raf poll notices a
 * frame later, after the effects have asked for the next page's code).
 */
const noteWhenUsable = () => {
  const page = globalThis as unknown as {
    document: { querySelectorAll(selector: 'button'): Iterable<{ textContent: string; disabled: boolean }> };
    MutationObserver: new (
      callback: () => void,
    ) => { observe(target: unknown, options: object): void; disconnect(): void };
    performance: { timeOrigin: number; now(): number };
    addEventListener(type: 'DOMContentLoaded', listener: () => void): void;
    usableAt?: number;
  };
  page.addEventListener('DOMContentLoaded', () => {
    const observer = new page.MutationObserver(() => {
      const usable = [...page.document.querySelectorAll('button')].some(
        (button) => button.textContent.includes('Open the data room') && !button.disabled,
      );
      if (!usable) return;
      page.usableAt = page.performance.timeOrigin + page.performance.now();
      observer.disconnect();
    });
    observer.observe(page.document, { subtree: true, childList: true, attributes: true });
  });
};
/** Whether noteWhenUsable has seen the button enabled. */
const usableNoted = () => (globalThis as unknown as { usableAt?: number }).usableAt !== undefined;
const usableAt = () => (globalThis as unknown as { usableAt?: number }).usableAt ?? Number.POSITIVE_INFINITY;

async function measure(browser: Browser, server: RunningServer, deck: SeededDeck) {
  const samples = {
    baseline: [] as number[],
    invitation: [] as number[],
    invitationJs: [] as number[],
    invitationRequests: [] as number[],
    shareGate: [] as number[],
    roomFrame: [] as number[],
    roomRows: [] as number[],
    imageAlone: [] as number[],
    tapToPageOne: [] as number[],
  };
  let gateNamedCompany = 0;
  for (let run = 0; run < RUNS; run++) {
    {
      const { context, page } = await throttledPhone(browser, server, null);
      await page.goto(`/${BASELINE_DIR}/index.html`);
      await page.getByRole('img').evaluate((image: { decode(): Promise<void> }) => image.decode());
      samples.baseline.push(await largestContentfulPaint(page));
      await context.close();
    }
    {
      const invitationPath = await freshInvitationPath(server, deck);
      const { context, page } = await throttledPhone(browser, server, null);
      const requests = countRequests(page);
      await page.addInitScript(noteWhenUsable);
      await page.goto(invitationPath, { waitUntil: 'commit' });
      await pageTimeWhen(page, companyAndButtonOnScreen);
      samples.invitation.push(await largestContentfulPaint(page));
      await pageTimeWhen(page, usableNoted);
      samples.invitationJs.push(await requests.javascriptBytesBefore(await page.evaluate(usableAt)));
      samples.invitationRequests.push(requests.beforeFirstApiCall);
      await context.close();
    }
    {
      const sharePath = await newShareLink(server, deck);
      const { context, page } = await throttledPhone(browser, server, null);
      await page.goto(sharePath, { waitUntil: 'commit' });
      await pageTimeWhen(page, headingOnScreen);
      samples.shareGate.push(await largestContentfulPaint(page));
      const heading = await page.locator('h1').first().textContent();
      if (heading?.includes(COMPANY)) gateNamedCompany++;
      await context.close();
    }
    {
      // A returning reader: signed in, the room opened once before on this phone (its cache warm), a
      // new visit. The frame is what shows before any answer; the rows need the room's data.
      const { context, page } = await throttledPhone(browser, server, deck.investorToken);
      await page.goto(`/data-room/${deck.roomId}`);
      await pageTimeWhen(page, roomRowsOnScreen);
      await page.goto('about:blank');
      await page.goto(`/data-room/${deck.roomId}`, { waitUntil: 'commit' });
      samples.roomFrame.push(await pageTimeWhen(page, roomFrameOnScreen));
      samples.roomRows.push(await pageTimeWhen(page, roomRowsOnScreen));
      await context.close();
    }
    {
      const { context, page } = await throttledPhone(browser, server, deck.investorToken);
      const started = performance.now();
      const response = await page.goto(`/api/documents/${deck.documentId}/pages/1?width=1600`);
      if (response?.status() !== 200) throw new Error(`page image: ${response?.status()}`);
      samples.imageAlone.push(performance.now() - started);
      await context.close();
    }
    {
      // The reader in the room's section taps the deck: until page one is on screen.
      const { context, page } = await throttledPhone(browser, server, deck.investorToken);
      await page.goto(`/data-room/${deck.roomId}`);
      await page.getByRole('link', { name: /^Decks\b/ }).click();
      const deckLink = page.getByRole('link', { name: /Bench widescreen deck/ }).first();
      await deckLink.waitFor();
      await page.waitForLoadState('networkidle');
      const tapped = performance.now();
      await deckLink.click();
      await untilPageOnScreen(page, 1);
      samples.tapToPageOne.push(performance.now() - tapped);
      await context.close();
    }
  }
  const medians = Object.fromEntries(
    Object.entries(samples).map(([name, values]) => [name, median(values)]),
  ) as Record<keyof typeof samples, number>;
  return { ...medians, gateAlwaysNamedCompany: gateNamedCompany === RUNS };
}

/**
 * The floor of the project's front-end stack, for a page that draws a room's name and a button from an
 * API answer checked against its contract (ADR 65): React and its DOM renderer, React Router, TanStack
 * Query and zod, bundled by the build's own bundler (Rolldown) for the browser in production, minified,
 * in one file, brotli as the build's own files are (no headers). What any page built on them pays before
 * its own code.
 */
async function stackFloorBrotli(): Promise<number> {
  const entry = 'stack-floor-entry';
  const source = `
    import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
    import { createElement as h } from 'react';
    import { createRoot } from 'react-dom/client';
    import { BrowserRouter, Route, Routes } from 'react-router';
    import { z } from 'zod';
    const answer = z.object({ dataRoom: z.object({ companyName: z.string(), stage: z.string() }) });
    function Room() {
      const room = useQuery({
        queryKey: ['room'],
        queryFn: async () => answer.parse(await (await fetch('/api/room')).json()),
      });
      return h('main', null, h('h1', null, room.data?.dataRoom.companyName),
        h('button', { disabled: !room.data }, 'Open the data room'));
    }
    createRoot(document.getElementById('root')).render(
      h(QueryClientProvider, { client: new QueryClient() },
        h(BrowserRouter, null, h(Routes, null, h(Route, { path: '*', element: h(Room) })))));
  `;
  const bundle = await rolldown({
    input: entry,
    cwd: process.cwd(),
    platform: 'browser',
    logLevel: 'silent',
    resolve: { conditionNames: ['browser', 'production', 'import', 'module', 'default'] },
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    plugins: [
      {
        name: 'stack-floor',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) => (id === entry ? source : null),
      },
    ],
  });
  const { output } = await bundle.generate({ format: 'esm', minify: true });
  await bundle.close();
  return output.reduce(
    (sum, file) =>
      file.type === 'chunk' ? sum + zlib.brotliCompressSync(Buffer.from(file.code)).length : sum,
    0,
  );
}

export async function measureFirstScreenBudgets(): Promise<BudgetRow[]> {
  const webRoot = path.resolve('dist/web');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // The server serves the built files it finds at start: it starts again, on the same data, once the
  // baseline page is written beside them.
  let server = await startRoundroom({}, dataDir);
  try {
    const deck = await seedDeck(server);
    const image = await fetch(`${server.baseUrl}/api/documents/${deck.documentId}/pages/1?width=1600`, {
      headers: { cookie: `rr_session=${deck.investorToken}` },
    });
    writeBaselinePage(webRoot, Buffer.from(await image.arrayBuffer()));
    await server.stop();
    server = await startRoundroom({}, dataDir);
    const m = await measure(browser, server, deck);
    const roundTrip = 150;
    const tapBaseline = roundTrip + m.imageAlone;
    const baseline = `static page, name + page one’s image: ${ms(m.baseline)}`;
    return [
      {
        budget:
          'phone on 4G, cold: invitation page’s company name and “Open the data room” painted ≤ 1.5 s and ≤ 2× the static page',
        measured: `${ms(m.invitation)} (${(m.invitation / m.baseline).toFixed(1)}×, median of ${RUNS})`,
        baseline,
        pass: m.invitation <= 1500 && m.invitation <= 2 * m.baseline,
      },
      {
        budget: 'phone on 4G, cold: JavaScript before the invitation page is usable ≤ 120 KB over the wire',
        measured: `${kb(m.invitationJs)} (median of ${RUNS})`,
        baseline: `the stack alone (a name and a button from a checked answer): ${kb(await stackFloorBrotli())}`,
        pass: m.invitationJs <= 120 * 1024,
      },
      {
        budget: 'phone on 4G, cold: requests before the invitation page’s first API call ≤ 12',
        measured: `${m.invitationRequests} (median of ${RUNS})`,
        baseline: 'the budget itself',
        pass: m.invitationRequests <= 12,
      },
      {
        budget: 'phone on 4G, cold: share link’s gate with the company’s name painted ≤ 1.5 s',
        measured: `${ms(m.shareGate)} (${(m.shareGate / m.baseline).toFixed(1)}×, median of ${RUNS}), ${m.gateAlwaysNamedCompany ? 'names the company' : 'its heading does not name the company'}`,
        baseline,
        pass: m.shareGate <= 1500 && m.gateAlwaysNamedCompany,
      },
      {
        budget: 'phone on 4G: a returning signed-in reader’s room frame ≤ 1.0 s, its rows ≤ 2.0 s',
        measured: `frame ${ms(m.roomFrame)}, rows ${ms(m.roomRows)} (median of ${RUNS})`,
        baseline,
        pass: m.roomFrame <= 1000 && m.roomRows <= 2000,
      },
      {
        budget:
          'phone on 4G: page one on screen ≤ 1.2 s after the tap on the document, ≤ 1.5× (a round trip + its image alone)',
        measured: `${ms(m.tapToPageOne)} (${(m.tapToPageOne / tapBaseline).toFixed(1)}×, median of ${RUNS})`,
        baseline: `150 ms + page one’s image alone (${ms(m.imageAlone)})`,
        pass: m.tapToPageOne <= 1200 && m.tapToPageOne <= 1.5 * tapBaseline,
      },
    ];
  } finally {
    fs.rmSync(path.join(webRoot, BASELINE_DIR), { recursive: true, force: true });
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
