// Dates as mails write them, in UTC for every reader.

// binary's ICU data, which an idle server never needs (ADR 67).
const makeUtcFormatters = () => ({
  dateTime: new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }),
  date: new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  time: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
});
let utcFormatters: ReturnType<typeof makeUtcFormatters> | undefined;
export const utcFormat = () => {
  utcFormatters ??= makeUtcFormatters();
  return utcFormatters;
};

/** "Wed, 25 Nov 2026, 14:05 UTC". */
export function formatUtcDateTime(at: Date): string {
  return `${utcFormat().dateTime.format(at)} UTC`;
}
