/**
 * The units every duration is written in, in milliseconds: the one place for them in shared/ and web/
 * (which cannot import the server's); server/durations.ts names the server's own lifetimes and windows.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
