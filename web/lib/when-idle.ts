/**
 * Runs `work` once the browser is idle, at the latest after `timeoutMs`: for code fetched ahead of the
 * next page, so it never competes with what the page on screen still loads on a slow phone
 * (docs/decisions/0075-the-investors-first-screen.md). Safari has no requestIdleCallback: a short timer
 * there. Returns the way to cancel it.
 */
export function whenIdle(work: () => void, timeoutMs = 1_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const idle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = setTimeout(work, 100);
  return () => clearTimeout(timer);
}
