import { formatDate } from '../../lib/format';

/** 'Today', 'Yesterday', '3 days ago' within a week, else the date: 'Mar 4, 2026'. */
export function formatDaysAgo(daysAgo: number, today: Date = new Date()): string {
  if (daysAgo <= 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo < 7) return `${daysAgo} days ago`;
  const date = new Date(today);
  date.setDate(date.getDate() - daysAgo);
  return formatDate(date.toISOString());
}

/** A document row's wording: 'Updated today', 'Updated yesterday', 'Updated 3 days ago', 'Updated Mar 4, 2026'. */
export function formatUpdated(daysAgo: number, today: Date = new Date()): string {
  const when = formatDaysAgo(daysAgo, today);
  return `Updated ${daysAgo <= 1 ? when.toLowerCase() : when}`;
}
