import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { lockForTransaction } from '#server/db/transaction-lock';
import { MAGIC_LINK_TTL_MS, MAGIC_LINKS_PER_EMAIL_WINDOW_MS, SECOND_MS } from '#server/durations';
import {
  endUserSessions,
  findUserByEmail,
  insertUserIfAbsent,
  type NewSession,
  recordLogin,
  startSession,
  type User,
} from '#server/features/accounts/index';
import { acceptPendingInvitations, listPendingInvitationsFor } from '#server/features/invitations/index';
import { needsSecondFactor } from '#server/features/passkeys/index';
import { addEditor, addInvestor, companyNamesFor } from '#server/features/rooms/index';
import { deliverOrUndo } from '#server/mail/deliver';
import { HttpError } from '#server/plugins/errors';
import { generateToken, hashToken } from '#server/security/tokens';
import { MAGIC_LINK_TTL_MINUTES } from '#shared/contracts/auth';
import { magicLinkEmail } from './auth.mails';
import { codeHashOf, codeMatches, sixDigitCode, typedCodeIsRight } from './code-budget';
import {
  consumeMagicLink,
  consumeMagicLinkById,
  countMagicLinksSince,
  countUsedMagicLinks,
  deleteMagicLink,
  findNewestMagicLink,
  findUsableMagicLink,
  insertMagicLink,
} from './magic-links.repository';

export const INVALID_LINK_MESSAGE = 'Invalid or expired magic link';

/**
 * Sends a one-time sign-in link to an active user, or to an e-mail with a pending, unexpired
 * invitation (docs/product-rules.md#invitations). Anyone else gets 404 'No invitation found'.
 * `returnTo`, a same-site page path the request schema already checked (shared/return-to.ts), rides in
 * the link, so the sign-in ends on the page that asked for it.
 */
export async function requestMagicLink(
  ctx: AppContext,
  email: string,
  ip: string,
  options: { returnTo?: string | undefined; browserMarkHash: string | null },
): Promise<void> {
  const { returnTo } = options;
  const now = new Date();
  const user = await findUserByEmail(ctx.db, email);
  const pending = await listPendingInvitationsFor(ctx.db, email, now);
  if (!(user?.isActive || (!user && pending.length > 0))) {
    ctx.log.warn({ email, ip }, 'magic link refused: no account and no pending invitation');
    throw new HttpError(404, 'no_invitation', 'No invitation found for this email address.');
  }
  const windowStart = new Date(now.getTime() - MAGIC_LINKS_PER_EMAIL_WINDOW_MS);
  const token = generateToken();
  const code = sixDigitCode();
  const id = crypto.randomUUID();
  // Counted and written under the address's lock: concurrent requests, on any server, pass one by one.
  await ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ctx.config.database.dialect, `magic-links:${email}`);
    const recent = await countMagicLinksSince(trx, email, windowStart);
    if (recent >= ctx.config.rateLimits.magicLinksPerEmail) {
      throw new HttpError(
        429,
        'rate_limited',
        'Too many sign-in links were requested for this address. Please try again in 15 minutes.',
        {},
        { 'retry-after': String(MAGIC_LINKS_PER_EMAIL_WINDOW_MS / SECOND_MS) },
      );
    }
    await insertMagicLink(trx, {
      id,
      email,
      tokenHash: hashToken(token),
      codeHash: codeHashOf(id, code),
      browserMarkHash: options.browserMarkHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS),
    });
  });
  await deliverOrUndo(
    ctx,
    magicLinkEmail({
      to: email,
      link: `${ctx.config.appUrl}/verify?token=${token}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`,
      code,
      companyNames: await companyNamesFor(
        ctx.db,
        user?.id,
        pending.map((invitation) => invitation.roomId),
      ),
      expiresInMinutes: MAGIC_LINK_TTL_MINUTES,
    }),
    () => deleteMagicLink(ctx.db, id),
    'The sign-in e-mail could not be sent. Please try again in a moment.',
  );
}

/**
 * Exchanges a magic link for a session, once (signInProvenAddress does the rest).
 *
 * `automatic` is /verify's own request as the page loads. It spends the link only in the browser that
 * asked for it (its mark, ADR 74): anywhere else (another device, or a mail scanner that runs the page's
 * script) it answers 409 `confirmation_required` and spends nothing, and the page asks the person to
 * confirm with one button, whose request is not automatic. An API client posting `{token}` is not either.
 *
 * Sign-up proves nothing about the e-mail it is given, and neither does an invitation's link (the founder
 * may have copied it) or a share code (docs/decisions/0074-a-proof-of-one-room.md), so the first magic link
 * used for an address ends every session started before it: otherwise whoever signed up with someone
 * else's address, or opened a link for it, would keep a session (docs/decisions/0020-sign-up-sessions.md).
 */
export async function verifyMagicLink(
  ctx: AppContext,
  token: string,
  device: { userAgent: string | undefined; automatic: boolean; browserMarkHash: string | null },
): Promise<{ user: User; session: NewSession }> {
  const tokenHash = hashToken(token);
  if (device.automatic) {
    const link = await findUsableMagicLink(ctx.db, tokenHash, new Date());
    if (!link) throw new HttpError(400, 'invalid_token', INVALID_LINK_MESSAGE);
    if (link.browser_mark_hash === null || link.browser_mark_hash !== device.browserMarkHash)
      throw new HttpError(
        409,
        'confirmation_required',
        `Confirm that you want to sign in as ${link.email}.`,
        { email: link.email },
      );
  }
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const email = await consumeMagicLink(trx, tokenHash, now);
    if (!email) throw new HttpError(400, 'invalid_token', INVALID_LINK_MESSAGE);
    return signInByMailboxProof(trx, email, now, device.userAgent);
  });
}

const WRONG_CODE =
  'That code is not right, or it has expired. Check the newest e-mail, or open the link in it.';

/**
 * Signs in with the code mailed beside the link, typed on the sign-in page of the browser that asked for
 * it (ADR 74): it proves the mailbox as the link does, and spends the same link. Only the address's
 * newest link's code counts, only from the asking browser, and only within the address's failure budget
 * (code-budget.ts); every failure gives the same 400, so nothing is learnt from one.
 */
export async function verifyMagicLinkCode(
  ctx: AppContext,
  input: { email: string; code: string },
  device: { userAgent: string | undefined; browserMarkHash: string | null },
): Promise<{ user: User; session: NewSession }> {
  const now = new Date();
  let linkId: string | undefined;
  const isRight = await typedCodeIsRight(ctx, input.email, async (trx) => {
    const link = await findNewestMagicLink(trx, input.email);
    if (!link || link.usedAt !== null || link.expiresAt.getTime() <= now.getTime()) return false;
    if (device.browserMarkHash === null || link.browserMarkHash !== device.browserMarkHash) return false;
    if (!codeMatches(link.id, input.code, link.codeHash)) return false;
    linkId = link.id;
    return true;
  });
  const provenLinkId = linkId;
  if (!isRight || provenLinkId === undefined)
    throw new HttpError(400, 'invalid_code', WRONG_CODE, { field: 'code' });
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await consumeMagicLinkById(trx, provenLinkId, now)))
      throw new HttpError(400, 'invalid_code', WRONG_CODE, { field: 'code' });
    return signInByMailboxProof(trx, input.email, now, device.userAgent);
  });
}

/** A magic link (or its code) was just spent for `email`, in `trx`: sign its owner in. */
async function signInByMailboxProof(
  trx: DatabaseExecutor,
  email: string,
  now: Date,
  userAgent: string | undefined,
): Promise<{ user: User; session: NewSession }> {
  // Only a magic link (or its typed code) proves the mailbox: an invitation's link or a share code
  // proves one room (ADR 74), so the address's first used magic link is its first proof (ADR 20).
  const isFirstProof = (await countUsedMagicLinks(trx, email)) === 1;
  const signedIn = await signInProvenAddress(trx, email, now, userAgent, isFirstProof);
  if (!signedIn) throw new HttpError(400, 'invalid_token', INVALID_LINK_MESSAGE);
  return signedIn;
}

/**
 * An invitee's account, made at their first way in (an investor's: what they may do in a room is their
 * membership's role), and read back: a concurrent first entry by another proof may have made it.
 */
export async function createInvestorAccount(
  trx: DatabaseExecutor,
  email: string,
  name: string | null,
  now: Date,
): Promise<User | undefined> {
  await insertUserIfAbsent(trx, {
    id: crypto.randomUUID(),
    email,
    name: name ?? email.split('@')[0] ?? email,
    role: 'investor',
    isActive: true,
    plan: 'investor',
    createdAt: now,
    lastLoginAt: null,
  });
  return findUserByEmail(trx, email);
}

/**
 * Signs in whoever just proved they read this mailbox (a magic link or its typed code), inside the
 * proof's transaction. Only a proof of the mailbox comes here: an invitation's link and a share code
 * prove one room and go through enterOneRoom (ADR 74). An invitee's first sign-in creates their user (an investor's account, also for a
 * co-founder: what they may do in a room is their membership's role); every sign-in accepts the
 * address's pending invitations and grants those rooms. The first proof ends the sessions started
 * before it (ADR 20). Undefined when there is nobody to sign in: no account and no pending invitation
 * (deleted or expired since the link was sent), or an inactive account.
 */
export async function signInProvenAddress(
  trx: DatabaseExecutor,
  email: string,
  now: Date,
  userAgent: string | undefined,
  isFirstProof: boolean,
): Promise<{ user: User; session: NewSession; accepted: { id: string; roomId: string }[] } | undefined> {
  let user = await findUserByEmail(trx, email);
  const isNewInvestor = !user;
  if (!user) {
    const [firstInvitation] = await listPendingInvitationsFor(trx, email, now);
    if (!firstInvitation) return undefined;
    user = await createInvestorAccount(trx, email, firstInvitation.name, now);
  }
  if (!user?.isActive) return undefined;
  if (isFirstProof) await endUserSessions(trx, user.id, now);

  const accepted = await acceptPendingInvitations(trx, email, now);
  if (isNewInvestor && accepted.length === 0) return undefined;
  for (const { roomId, role } of accepted) {
    // A co-founder's invitation makes them an editor of the room (docs/decisions/0047-room-editors.md).
    if (role === 'editor') await addEditor(trx, roomId, user.id, now);
    else await addInvestor(trx, roomId, user.id, now);
  }
  await recordLogin(trx, user.id, now);
  const session = await startSession(trx, user.id, userAgent, {
    mailbox: { needsSecondFactor: await needsSecondFactor(trx, user.id) },
  });
  return { user: { ...user, lastLoginAt: now }, session, accepted };
}
