/**
 * The landing page's icons: Lucide's drawings (lucide.dev, ISC licence), each merged into one path.
 * The landing page is the one page in the initial JavaScript and its budget is tight; lucide-react's
 * shared runtime alone would cost about 1.6 KB gzip of it, so this page draws the few icons it needs.
 */
const iconPaths = {
  check: 'M20 6 9 17l-5-5',
  arrowRight: 'M5 12h14M12 5l7 7-7 7',
  chevronRight: 'M9 18l6-6-6-6',
  lock: 'M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM7 11V7a5 5 0 0 1 10 0v4',
  timer: 'M10 2h4M12 14l3-3M20 14a8 8 0 1 1-16 0 8 8 0 1 1 16 0z',
  phone: 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM12 18h.01',
  cloudUpload: 'M12 13v8M4 14.899A7 7 0 1 1 15.71 8h1.79a4.5 4.5 0 0 1 2.5 8.242M8 17l4-4 4 4',
  chartLine: 'M3 3v16a2 2 0 0 0 2 2h16M19 9l-5 5-4-4-3 3',
  gavel: 'M14 13l-8.381 8.38a1 1 0 0 1-3.001-3l8.384-8.381M16 16l6-6M21.5 10.5l-8-8M8 8l6-6M8.5 7.5l8 8',
  laptop: 'M5 4h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM2 20h20',
} as const;

export type IconName = keyof typeof iconPaths;

/** A decorative icon, hidden from assistive technology: the text next to it says what it means. */
export function LandingIcon({ name, className = 'size-4' }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
