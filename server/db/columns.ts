import type { Kysely } from 'kysely';
import type { Database, EpochMs, Flag } from './schema';

/**
 * Conversions between the portable column types (docs/decisions/0004-portable-column-types.md) and
 * the values services work with. Repositories use these; nothing above them sees a 0/1 or an epoch.
 */
export const toFlag = (value: boolean): Flag => (value ? 1 : 0);
export const fromFlag = (value: number): boolean => value === 1;
export const toEpochMs = (date: Date): EpochMs => date.getTime();
export const fromEpochMs = (value: EpochMs): Date => new Date(value);
export const fromNullableEpochMs = (value: EpochMs | null): Date | null =>
  value === null ? null : new Date(value);

/** A database or an open transaction: every repository function takes one, so callers compose them. */
export type Executor = Kysely<Database>;
