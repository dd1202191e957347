/**
 * The database as both dialects store it. One representation behaves the same on SQLite and
 * PostgreSQL (docs/decisions/0004-portable-column-types.md):
 * - timestamps: epoch milliseconds in a 64-bit integer (bigint), always UTC;
 * - booleans: integer 0 or 1 (Flag), converted at the repository boundary;
 * - sizes: bigint, read back as a JavaScript number (exact below 2^53 bytes);
 * - ids: random UUIDs as text.
 */
export type EpochMs = number;
export type Flag = 0 | 1;
