import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { createFounderRoom, findManagedRoom } from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import type { AccountSetupRequest } from '#shared/contracts/accounts';
import type { PublicUser } from '#shared/contracts/auth';
import { toPublicUser } from './public-user';
import { type NewSession, startSession } from './sessions.service';
import { findUserByEmail, insertUser, type User } from './users.repository';
import { addToWaitlist } from './waitlist.repository';

/**
 * The user as the API shows it to them, with the room they manage in the console (ADR 47): what the web
 * app decides its pages and header by. A session that proved one room manages nothing (ADR 74): the
 * console stays out of reach until the mailbox is proven, so the web app is not sent there.
 */
export async function publicUserOf(
  ctx: AppContext,
  user: User,
  onlyRoomId: string | null = null,
): Promise<PublicUser> {
  if (onlyRoomId !== null) return toPublicUser(user, null, onlyRoomId);
  const managed = await findManagedRoom(ctx, user);
  return toPublicUser(user, managed ? { id: managed.room.id, role: managed.role } : null, null);
}

/** docs/product-rules.md#plans-and-limits: every new account gets Professional limits; a promo code makes it free. */
export type Plan = 'professional' | 'professional_free';

export function isValidPromoCode(ctx: AppContext, code: string): boolean {
  return ctx.config.promoCodes.includes(code.trim().toUpperCase());
}

/**
 * The 409 says only that the address has an account: anyone can type any address here, so naming the
 * account's company would tell a stranger which company a partner or a rival runs.
 */
async function accountExists(ctx: AppContext, email: string): Promise<HttpError | undefined> {
  const existing = await findUserByEmail(ctx.db, email);
  if (!existing) return undefined;
  return new HttpError(409, 'account_exists', 'An account with this email already exists. Please sign in.', {
    shouldLogin: true,
  });
}

/**
 * Creates the founder, their data room and their ownership in one transaction, then signs them in.
 * With a promo code (the checkout's promo flow) the code must be valid and the plan is free. An
 * e-mail that already has an account gets 409 with shouldLogin.
 */
export async function createFounderAccount(
  ctx: AppContext,
  input: AccountSetupRequest & { promoCode?: string },
  userAgent: string | undefined,
): Promise<{ user: User; session: NewSession }> {
  let plan: Plan = 'professional';
  if (input.promoCode !== undefined) {
    if (!isValidPromoCode(ctx, input.promoCode)) {
      throw new HttpError(400, 'invalid_promo_code', 'Invalid promo code.', { field: 'promoCode' });
    }
    plan = 'professional_free';
  }
  const conflict = await accountExists(ctx, input.email);
  if (conflict) throw conflict;
  const now = new Date();
  const user: User = {
    id: crypto.randomUUID(),
    email: input.email,
    name: input.name,
    role: 'founder',
    isActive: true,
    plan,
    createdAt: now,
    lastLoginAt: now,
  };
  try {
    const session = await ctx.db.transaction().execute(async (trx) => {
      await insertUser(trx, user);
      await createFounderRoom(trx, { ownerId: user.id, companyName: input.companyName, at: now });
      // An account made a moment ago holds no passkey: its session owes no second factor.
      return startSession(trx, user.id, userAgent, { mailbox: { needsSecondFactor: false } });
    });
    return { user, session };
  } catch (error) {
    // Two sign-ups with one e-mail at once: the unique index let one through; the other is a conflict.
    const raced = await accountExists(ctx, input.email);
    if (raced) throw raced;
    throw error;
  }
}

export async function joinWaitlist(
  ctx: AppContext,
  entry: { companyName: string; contactEmail: string },
): Promise<void> {
  await addToWaitlist(ctx.db, entry);
}
