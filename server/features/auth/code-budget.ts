import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { toEpochMs } from '#server/db/columns';
import type { DatabaseExecutor, ModuleExecutor } from '#server/db/schema';
import { lockForTransaction } from '#server/db/transaction-lock';
import { CODE_FAILURES_WINDOW_MS } from '#server/durations';
import { hashToken } from '#server/security/tokens';

/**
 * Codes that cannot be guessed in practice (docs/decisions/0074-a-proof-of-one-room.md). A six-digit code
 * is one in a million; what makes it hold is the number of guesses: per address, 10 wrong codes in 24
 * hours, sign-in and share-link codes together, wherever they come from. Past that every code fails for
 * the address, right or not (no oracle), and only the mailed links work. Codes are also bound to the
 * browser that asked (server/plugins/browser-mark.ts), so a guess from anywhere else is simply wrong.
 */
export const CODE_FAILURES_PER_DAY = 10;

/** Six digits, drawn by the CSPRNG. */
export const sixDigitCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** A code's stored hash, salted with its row's id: equal codes of two rows never share a hash. */
export const codeHashOf = (rowId: string, code: string) => hashToken(`${rowId}:${code}`);

/** Compares a typed code with a stored hash in constant time. */
export function codeMatches(rowId: string, typed: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  return crypto.timingSafeEqual(Buffer.from(codeHashOf(rowId, typed)), Buffer.from(storedHash));
}

/**
 * Decides one typed code for `email` under the address's lock, so parallel guesses (on any server) are
 * counted one by one: false without asking `isRight` once the budget is spent; a wrong code is recorded.
 * `isRight` runs in the lock's transaction and must not throw for a wrong code (that would undo the count).
 */
export async function typedCodeIsRight(
  ctx: AppContext,
  email: string,
  isRight: (trx: DatabaseExecutor) => Promise<boolean>,
): Promise<boolean> {
  const now = new Date();
  return ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ctx.config.database.dialect, `codes:${email}`);
    if (
      (await countFailuresSince(trx, email, new Date(now.getTime() - CODE_FAILURES_WINDOW_MS))) >=
      CODE_FAILURES_PER_DAY
    )
      return false;
    if (await isRight(trx)) return true;
    await trx
      .insertInto('code_failures')
      .values({ id: crypto.randomUUID(), email, failed_at: toEpochMs(now) })
      .execute();
    return false;
  });
}

async function countFailuresSince(db: ModuleExecutor<'auth'>, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('code_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('failed_at', '>', toEpochMs(since))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
