import { formatDate } from '#web/lib/format';

const relativeDays = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** Within a week, the way people say it ('today', 'yesterday', '3 days ago'); else undefined. */
function relativeWithinAWeek(daysAgo: number): string | undefined {
  return daysAgo < 7 ? relativeDays.format(-Math.max(0, daysAgo), 'day') : undefined;
}

function dateDaysBefore(today: Date, daysAgo: number): string {
  const date = new Date(today);
  date.setDate(date.getDate() - daysAgo);
  return formatDate(date.toISOString());
}

/** 'Today', 'Yesterday', '3 days ago' within a week, else the date: 'Mar 4, 2026'. */
export function formatDaysAgo(daysAgo: number, today: Date = new Date()): string {
  const relative = relativeWithinAWeek(daysAgo);
  if (relative === undefined) return dateDaysBefore(today, daysAgo);
  return relative.charAt(0).toUpperCase() + relative.slice(1);
}

/** A document row's wording: 'Updated today', 'Updated yesterday', 'Updated 3 days ago', 'Updated Mar 4, 2026'. */
export function formatUpdated(daysAgo: number, today: Date = new Date()): string {
  return `Updated ${relativeWithinAWeek(daysAgo) ?? dateDaysBefore(today, daysAgo)}`;
}
