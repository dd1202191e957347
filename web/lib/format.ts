const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 21, 2026" in the reader's time zone. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * A moment, for logs: 'Today, 3:05 PM' when it is today (local time), else 'Mar 4, 2026, 3:05 PM'.
 * ICU puts a narrow no-break space before AM/PM; a plain space keeps the text searchable and wraps alike.
 */
export function formatDateTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const time = timeFormat.format(date).replace(/\s/g, ' ');
  return `${isSameDay(date, now) ? 'Today' : dateFormat.format(date)}, ${time}`;
}

function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** docs/product-rules.md#dates-and-sizes: 'Today' when the date is today (local time), else 'Mar 4, 2026'. */
export function formatLastUpdated(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return isSameDay(date, now) ? 'Today' : dateFormat.format(date);
}

/** A document row's wording: 'Updated today' or 'Updated Mar 4, 2026'. */
export function formatUpdated(iso: string, now: Date = new Date()): string {
  const when = formatLastUpdated(iso, now);
  return when === 'Today' ? 'Updated today' : `Updated ${when}`;
}
