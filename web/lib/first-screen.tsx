import type { ReactNode } from 'react';

/**
 * What the server wrote into #root before the script ran (server/plugins/first-screen.ts,
 * docs/decisions/0075-the-investors-first-screen.md), kept for the URL it was written for. React empties
 * #root when it first draws; wherever that page would show a loading state instead (the lazy page's
 * code, the session check, the room's data) it draws this same markup again, so the reader sees the
 * room's name and frame from the first paint to the page's own, never a white page or a spinner.
 */
let written: { whole: string; frame: string; url: string } | null = null;

/** Called once, before React's first render. */
export function keepFirstScreen(root: HTMLElement): void {
  if (!root.querySelector('[data-first-screen]')) return;
  const frame = root.querySelector('[data-room-frame]')?.outerHTML ?? '';
  written = { whole: root.innerHTML, frame, url: currentUrl() };
}

const currentUrl = () => `${window.location.pathname}${window.location.search}`;

/**
 * The server's first screen while this page loads, or `fallback` once the reader has moved on (it was
 * written for the first URL only) or when the server wrote none. `part="frame"` is its content alone,
 * for a page whose own header and footer are already drawn around it.
 */
export function FirstScreen({
  part = 'whole',
  fallback = null,
}: {
  part?: 'whole' | 'frame';
  fallback?: ReactNode;
}) {
  const html = written?.url === currentUrl() ? written[part] : '';
  if (!html) return fallback;
  // The markup is the server's own, every value in it escaped there (server/plugins/first-screen.ts).
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's escaped first screen, drawn again.
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
