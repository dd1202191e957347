const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 21, 2026" in the reader's time zone. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
