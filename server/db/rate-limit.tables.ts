import type { EpochMs } from './column-types';

// Tables of the platform: owned by server/plugins' rate limit (its store without Redis), declared here beside schema.ts because that folder
// imports server/db, and declaring them there would make the platform folders a cycle (ADR 85).
/** A rate limit's count for one key in its current window, when no Redis is configured (ADR 49). */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  expires_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface RateLimitTables {
  rate_limit_counters: RateLimitCountersTable;
}
