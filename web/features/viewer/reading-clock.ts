import { MAX_PAGES_PER_REPORT, type ReadingReport } from '#shared/contracts/reading';

/**
 * The seconds a document was really read, page by page, between two reports (docs/decisions/
 * 0041-reading-analytics.md): time counts for the page most on screen, only while the tab is visible
 * and the reader did something (scroll, key, pointer, touch) within the idle limit. Pure: the browser
 * wiring (use-reading-reporter.ts) tells it what happened and when, in milliseconds.
 */
export class ReadingClock {
  private page = 1;
  private isVisible: boolean;
  private lastActivityAt: number;
  /** Up to when the time has been counted. */
  private countedUntil: number;
  private readonly unreported = new Map<number, number>();

  constructor(
    private readonly idleAfterMs: number,
    options: { now: number; isVisible: boolean },
  ) {
    this.isVisible = options.isVisible;
    // Opening the document is the reader's first act.
    this.lastActivityAt = options.now;
    this.countedUntil = options.now;
  }

  /** Counts the time since the last count under the state that held during it. */
  private count(now: number): void {
    if (now <= this.countedUntil) return;
    if (this.isVisible) {
      const activeUntil = Math.min(now, this.lastActivityAt + this.idleAfterMs);
      const milliseconds = activeUntil - this.countedUntil;
      if (milliseconds > 0)
        this.unreported.set(this.page, (this.unreported.get(this.page) ?? 0) + milliseconds);
    }
    this.countedUntil = now;
  }

  /** The reader scrolled, pressed a key, moved or touched. */
  activity(now: number): void {
    this.count(now);
    this.lastActivityAt = now;
  }

  /** The page most on screen changed. */
  showPage(page: number, now: number): void {
    this.count(now);
    this.page = page;
  }

  /** The tab became visible or hidden. Coming back is an act of the reader. */
  setVisible(isVisible: boolean, now: number): void {
    this.count(now);
    this.isVisible = isVisible;
    if (isVisible) this.lastActivityAt = now;
  }

  /**
   * What was read since the last report, in whole and tenth seconds, and forgets it; null when there is
   * nothing to say. At most MAX_PAGES_PER_REPORT pages go at once: the rest waits for the next report.
   */
  takeReport(now: number): ReadingReport | null {
    this.count(now);
    const pages: ReadingReport['pages'] = [];
    for (const [page, milliseconds] of this.unreported) {
      if (pages.length === MAX_PAGES_PER_REPORT) break;
      this.unreported.delete(page);
      const seconds = Math.round(milliseconds / 100) / 10;
      if (seconds > 0) pages.push({ page, seconds });
    }
    return pages.length > 0 ? { pages } : null;
  }
}

/** The page that takes most of the screen, from each page's visible height in pixels; ties go to the first. */
export function pageMostOnScreen(visibleHeights: ReadonlyMap<number, number>): number | undefined {
  let best: number | undefined;
  let bestHeight = 0;
  for (const [page, height] of [...visibleHeights].sort(([a], [b]) => a - b)) {
    if (height > bestHeight) {
      best = page;
      bestHeight = height;
    }
  }
  return best;
}
