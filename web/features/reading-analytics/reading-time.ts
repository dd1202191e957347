/**
 * Reading time in words a founder reads at a glance: "45 s", "2 min 05 s", "1 h 02 min". Seconds are
 * rounded to whole ones; hours drop the seconds.
 */
export function formatReadingTime(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A share from 0 to 1 as a whole percentage; "—" when it is unknown. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** "version 1", "versions 1 and 2", "versions 1, 2 and 3". */
export function versionsText(numbers: readonly number[]): string {
  if (numbers.length <= 1) return `version ${numbers[0] ?? ''}`.trim();
  return `versions ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}
