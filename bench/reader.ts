import { type BrowserContext, chromium, devices, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/support/chromium';
import { writtenPdf } from '#tests/support/sample-documents';
import { type BudgetRow, median, ms } from './report';
import {
  apiCall,
  inviteAndSignIn,
  outboxInvitationLinks,
  outboxSignInLinks,
  saveSections,
  uploadFile,
} from './room-fixture';
import { createBenchFounder, type RunningServer, startRoundroom } from './servers';

/**
 * Reading a deck on a phone (docs/decisions/0056-reading-a-deck-on-a-phone.md), in a real Chromium on a
 * 390 px, 2.6x phone with the network throttled to about 4G (9 Mbit/s each way, 150 ms round trip):
 * from the invitation page to page 1 of the deck on screen, against the same throttled browser loading
 * page 1's image alone; and from the end of a swipe to the next page on screen.
 */

const RUNS = 5;
const PAGES = 6;
const DECK_NAME = 'Bench widescreen deck.pdf';
const SECTION = 'Decks';
const FOUR_G = {
  offline: false,
  latency: 150,
  downloadThroughput: (9 * 1024 * 1024) / 8,
  uploadThroughput: (9 * 1024 * 1024) / 8,
};
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };

export interface SeededDeck {
  roomId: string;
  documentId: string;
  invitationUrl: string;
  investorToken: string;
  founderToken: string;
}

export async function seedDeck(server: RunningServer): Promise<SeededDeck> {
  const founder = await createBenchFounder(server.baseUrl);
  const room = (await apiCall(server, 'GET', '/api/my-data-room', founder.token)) as { id: string };
  const founderRoom = { founderToken: founder.token };
  await saveSections(
    server,
    founderRoom,
    `# Company Information\nname: Bench Co\n\n## ${SECTION}\nThe decks.\n`,
  );
  const deck = writtenPdf({
    pages: PAGES,
    width: 960,
    height: 540,
    lines: (number) => [`Slide ${number}`, 'Revenue grew 3.2x year over year with net retention of 128%.'],
  });
  const url = await uploadFile(server, founderRoom, new Blob([new Uint8Array(deck)]), DECK_NAME, SECTION);
  const documentId = /documents\/([0-9a-f-]+)\//.exec(url)?.[1] ?? '';
  for (;;) {
    const preview = (await apiCall(server, 'GET', `/api/documents/${documentId}/preview`, founder.token)) as {
      status: string;
    };
    if (preview.status === 'ready') break;
    if (preview.status === 'failed') throw new Error('the bench deck could not be prepared');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const email = `reader-${Date.now()}@example.com`;
  const investor = await inviteAndSignIn(server, [founder.token], email, outboxSignInLinks(server));
  const invitation = await outboxInvitationLinks(server)(email);
  return {
    roomId: room.id,
    documentId,
    invitationUrl: `${server.baseUrl}/data-room?invite=${invitation}`,
    investorToken: investor.token,
    founderToken: founder.token,
  };
}

/**
 * A new invitation to the deck's room, to an address never signed in: the invited investor's first visit.
 * One per journey, since "Open the data room" accepts an invitation once (ADR 55) and an accepted link
 * offers a sign-in instead.
 */
async function freshInvitation(server: RunningServer, deck: SeededDeck): Promise<string> {
  const email = `invited-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await apiCall(server, 'POST', '/api/invites', deck.founderToken, { email }, 201);
  return `${server.baseUrl}/data-room?invite=${await outboxInvitationLinks(server)(email)}`;
}

/**
 * A fresh phone with the investor's session, a cold cache and the 4G network. A new context starts with an
 * empty cache of its own, so every measurement is cold; the cache is left on within it, as a phone's is,
 * so what the app fetches ahead during a journey (ADR 56) is found when the journey reaches it.
 */
export async function throttledPhone(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  server: RunningServer,
  sessionToken: string | null,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, baseURL: server.baseUrl });
  if (sessionToken)
    await context.addCookies([{ name: 'rr_session', value: sessionToken, url: server.baseUrl }]);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', FOUR_G);
  return { context, page };
}

/**
 * The invitation's "Open the data room" once it works: the server draws it (disabled) before the script
 * runs (ADR 75), and the journey's clock starts when a tap on it does something.
 */
const usableOpenRoomButton = (page: Page) =>
  page.locator('button:not([disabled])').filter({ hasText: 'Open the data room' });

/** A control by its name, whether the room shows it as a link or a button. */
const control = (page: Page, name: string | RegExp) =>
  page.getByRole('link', { name }).or(page.getByRole('button', { name })).first();

/**
 * The invited investor's way from a new invitation's page to the deck: its one-tap "Open the data room"
 * button (which signs this phone in), then the section and the deck. Resolves with the moment the
 * invitation page's way in worked, before the first tap.
 */
async function fromInvitationToDeck(page: Page, invitationUrl: string): Promise<number> {
  await page.goto(invitationUrl);
  const openRoom = usableOpenRoomButton(page);
  await openRoom.waitFor();
  const onScreen = performance.now();
  await openRoom.click();
  // The reader's next tap is on the room's own page, once it shows (a tap on the invited view's row
  // would open the deck directly: another journey).
  await page.getByRole('link', { name: 'Back to dashboard' }).waitFor();
  await control(page, new RegExp(`^${SECTION}\\b`)).click();
  await control(page, new RegExp(DECK_NAME)).click();
  return onScreen;
}

/** How long the reader looks at each page before the next tap: a quick reader's glance. */
const READING_PAUSE_MS = 1000;

/**
 * The same journey at a reader's pace, from a new invitation's page on screen: a glance at each page, then
 * the tap. Resolves with the app's own time: from each tap until what it opens is on screen (the room's
 * page, the section's, page 1 of the deck), summed; the reader's glances are not the app's time.
 */
async function appTimeAtReadersPace(page: Page, invitationUrl: string): Promise<number> {
  await page.goto(invitationUrl);
  const openRoom = usableOpenRoomButton(page);
  await openRoom.waitFor();
  let appTime = 0;
  const tap = async (target: Locator, shown: () => Promise<unknown>) => {
    await page.waitForTimeout(READING_PAUSE_MS);
    const tapped = performance.now();
    await target.click();
    await shown();
    appTime += performance.now() - tapped;
  };
  await tap(openRoom, () => page.getByRole('link', { name: 'Back to dashboard' }).waitFor());
  await tap(control(page, new RegExp(`^${SECTION}\\b`)), () => page.waitForURL(/\/sections\/\d+$/));
  await tap(control(page, new RegExp(DECK_NAME)), () => untilPageOnScreen(page, 1));
  return appTime;
}

/** The little of the browser these checks read (bench/ is compiled without the DOM's types). */
interface BrowserImage {
  alt: string;
  complete: boolean;
  naturalWidth: number;
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number };
}
interface BrowserWindow {
  innerWidth: number;
  innerHeight: number;
  document: { querySelectorAll(selector: 'img'): Iterable<BrowserImage> };
}

/** Resolves once the page's image is loaded, drawn and at least half on screen. */
export const untilPageOnScreen = (page: Page, number: number) =>
  page.waitForFunction(
    (alt) => {
      const browser = globalThis as unknown as BrowserWindow;
      const image = [...browser.document.querySelectorAll('img')].find((element) => element.alt === alt);
      if (!image?.complete || image.naturalWidth === 0) return false;
      const box = image.getBoundingClientRect();
      const visibleWidth = Math.min(box.right, browser.innerWidth) - Math.max(box.left, 0);
      const visibleHeight = Math.min(box.bottom, browser.innerHeight) - Math.max(box.top, 0);
      const area = (box.right - box.left) * (box.bottom - box.top);
      return visibleWidth > 0 && visibleHeight > 0 && visibleWidth * visibleHeight >= area / 2;
    },
    `Page ${number} of ${PAGES}`,
    { polling: 'raf', timeout: 60_000 },
  );

/** Resolves once pages 2 and 3, fetched ahead, have loaded. */
const untilFetchedAhead = (page: Page) =>
  page.waitForFunction(
    () =>
      [...(globalThis as unknown as BrowserWindow).document.querySelectorAll('img')]
        .filter((image) => /^Page [23] of/.test(image.alt))
        .every((image) => image.complete && image.naturalWidth > 0),
    undefined,
    { timeout: 60_000 },
  );

/** A finger's swipe from right to left, through Chromium's own touch input; resolves at the lift. */
async function swipe(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const y = 360;
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 340, y }] });
  for (let step = 1; step <= 6; step++) {
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: 340 - step * 50, y }],
    });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

export async function measureReaderBudgets(): Promise<BudgetRow[]> {
  const server = await startRoundroom();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const deck = await seedDeck(server);
    const imageAlone: number[] = [];
    const invitationToPage: number[] = [];
    const invitationOnScreenToPage: number[] = [];
    const readersPaceAppTime: number[] = [];
    const swipeToPage: number[] = [];
    const appAlone: number[] = [];
    const deckAddressToPage: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Baseline: the throttled phone fetching page 1's image alone, at the width the phone picks.
      {
        const { context, page } = await throttledPhone(browser, server, deck.investorToken);
        const started = performance.now();
        const response = await page.goto(`/api/documents/${deck.documentId}/pages/1?width=1600`);
        if (response?.status() !== 200) throw new Error(`page image: ${response?.status()}`);
        imageAlone.push(performance.now() - started);
        await context.close();
      }
      // Baseline: the app alone, cold: the investor dashboard until its way into the room shows.
      {
        const { context, page } = await throttledPhone(browser, server, deck.investorToken);
        const started = performance.now();
        await page.goto('/investor-dashboard');
        await control(page, 'View data room').waitFor();
        appAlone.push(performance.now() - started);
        await context.close();
      }
      // The viewer's own share: the deck's address, opened cold, until page 1 is on screen.
      {
        const { context, page } = await throttledPhone(browser, server, deck.investorToken);
        const started = performance.now();
        await page.goto(`/data-room/${deck.roomId}/documents/${deck.documentId}`);
        await untilPageOnScreen(page, 1);
        deckAddressToPage.push(performance.now() - started);
        await context.close();
      }
      {
        // A new invitee, on a phone not signed in: the invitation's button is what signs it in.
        const invitationUrl = await freshInvitation(server, deck);
        const { context, page } = await throttledPhone(browser, server, null);
        const started = performance.now();
        const onScreen = await fromInvitationToDeck(page, invitationUrl);
        await untilPageOnScreen(page, 1);
        invitationToPage.push(performance.now() - started);
        invitationOnScreenToPage.push(performance.now() - onScreen);
        // The reader looks at page 1 while the next pages are fetched ahead, then swipes.
        await untilFetchedAhead(page);
        await swipe(page);
        const lifted = performance.now();
        await untilPageOnScreen(page, 2);
        swipeToPage.push(performance.now() - lifted);
        await context.close();
      }
      {
        const invitationUrl = await freshInvitation(server, deck);
        const { context, page } = await throttledPhone(browser, server, null);
        readersPaceAppTime.push(await appTimeAtReadersPace(page, invitationUrl));
        await context.close();
      }
    }
    const image = median(imageAlone);
    const invitation = median(invitationToPage);
    const fromOnScreen = median(invitationOnScreenToPage);
    const readersPace = median(readersPaceAppTime);
    const swiped = median(swipeToPage);
    const app = median(appAlone);
    const deckAddress = median(deckAddressToPage);
    return [
      {
        budget:
          'phone on 4G: invitation page, loaded cold, to page 1 of the deck on screen ≤ 1.5× page 1’s image alone',
        measured: `${ms(invitation)} (${(invitation / image).toFixed(1)}×, median of ${RUNS})`,
        baseline: `page 1’s image alone: ${ms(image)}`,
        pass: invitation <= 1.5 * image,
      },
      {
        budget:
          'phone on 4G: invitation page on screen, then its taps, to page 1 on screen ≤ 1.5× page 1’s image alone',
        measured: `${ms(fromOnScreen)} (${(fromOnScreen / image).toFixed(1)}×, median of ${RUNS})`,
        baseline: `page 1’s image alone: ${ms(image)}`,
        pass: fromOnScreen <= 1.5 * image,
      },
      {
        budget:
          'phone on 4G: the same taps at a reader’s pace (1 s on each page), the app’s time after the taps ≤ 1.5× page 1’s image alone',
        measured: `${ms(readersPace)} (${(readersPace / image).toFixed(1)}×, median of ${RUNS})`,
        baseline: `page 1’s image alone: ${ms(image)}`,
        pass: readersPace <= 1.5 * image,
      },
      {
        budget:
          'phone on 4G: the deck’s address to page 1 on screen ≤ the app alone + 1.5× page 1’s image alone',
        measured: `${ms(deckAddress)} (median of ${RUNS})`,
        baseline: `app alone (investor dashboard, cold): ${ms(app)}; image alone: ${ms(image)}`,
        pass: deckAddress <= app + 1.5 * image,
      },
      {
        budget: 'phone on 4G: next page on screen ≤ 100 ms after a swipe',
        measured: `${ms(swiped)} (median of ${RUNS}, slowest ${ms(Math.max(...swipeToPage))})`,
        baseline: `the page fetched when swiped to instead: ${ms(image)}`,
        pass: swiped <= 100,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
