import { useEffect, useRef } from 'react';
import {
  MIN_SECONDS_BETWEEN_REPORTS,
  READER_IDLE_AFTER_SECONDS,
  READING_REPORT_INTERVAL_SECONDS,
} from '#shared/contracts/reading';
import { SECOND_MS } from '#shared/durations';
import { openView, sendReadingReport } from './api/open-view';
import { ReadingClock } from './reading-clock';

/** What counts as the reader doing something. */
const ACTIVITY_EVENTS = ['scroll', 'keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * Reports how long each page of the document was read: opens a view when the document opens, then
 * sends the seconds gathered every READING_REPORT_INTERVAL_SECONDS, and when the tab is hidden, the page
 * is left or the viewer closes. `page` is the page most on screen. The owner's own reading (no view)
 * sends nothing. `isReadable` is false until there is something to read (a preview being prepared).
 */
export function useReadingReporter(documentId: string, page: number, isReadable: boolean): void {
  const clockRef = useRef<ReadingClock | null>(null);
  const pageRef = useRef(page);

  useEffect(() => {
    pageRef.current = page;
    clockRef.current?.showPage(page, Date.now());
  }, [page]);

  useEffect(() => {
    if (!isReadable) return;
    let viewId: string | null = null;
    let isClosed = false;
    const clock = new ReadingClock(READER_IDLE_AFTER_SECONDS * SECOND_MS, {
      now: Date.now(),
      isVisible: document.visibilityState === 'visible',
    });
    clock.showPage(pageRef.current, Date.now());
    clockRef.current = clock;

    let lastSentAt = 0;
    const flush = () => {
      const now = Date.now();
      // The server refuses a view's report sooner than this after the one before: the time stays on
      // the clock for the next report (only when the viewer closes that soon is it lost: under 2 s).
      if (now - lastSentAt < MIN_SECONDS_BETWEEN_REPORTS * SECOND_MS) return;
      const report = clock.takeReport(now);
      if (viewId && report) {
        lastSentAt = now;
        sendReadingReport(viewId, report);
      }
    };
    const onActivity = () => clock.activity(Date.now());
    const onVisibilityChange = () => {
      const isVisible = document.visibilityState === 'visible';
      clock.setVisible(isVisible, Date.now());
      if (!isVisible) flush();
    };

    openView(documentId)
      .then((id) => {
        if (!isClosed) viewId = id;
      })
      .catch(() => {
        // Reading goes on without analytics when the view cannot be opened.
      });
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', flush);
    const timer = window.setInterval(flush, READING_REPORT_INTERVAL_SECONDS * SECOND_MS);

    return () => {
      flush();
      isClosed = true;
      clockRef.current = null;
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', flush);
    };
  }, [documentId, isReadable]);
}
