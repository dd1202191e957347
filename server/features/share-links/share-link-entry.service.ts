import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { lockForTransaction } from '#server/db/transaction-lock';
import { MINUTE_MS, SECOND_MS, SHARE_CODE_TTL_MS, SHARE_CODES_WINDOW_MS } from '#server/durations';
import { type NewSession, peopleOfRooms, type User } from '#server/features/accounts/index';
import {
  codeHashOf,
  codeMatches,
  type DeviceSession,
  enterOneRoom,
  type OneRoomEntry,
  sixDigitCode,
  typedCodeIsRight,
} from '#server/features/auth/index';
import { mailBrandOf } from '#server/features/brand/index';
import { isRemovedFromRoom } from '#server/features/invitations/index';
import {
  activeRoomNames,
  companyNamesFor,
  listManagers,
  type RoomActivity,
} from '#server/features/rooms/index';
import { deliverOrUndo } from '#server/mail/deliver';
import { HttpError } from '#server/plugins/errors';
import { generateToken, hashToken } from '#server/security/tokens';
import {
  type ShareGatePresentation,
  type ShareLinkState,
  type ShareVerifyRequest,
  shareTokenParamsSchema,
} from '#shared/contracts/share-links';
import { paths } from '#shared/routes';
import { findDocumentLink } from './document-links.repository';
import { admitToDocument } from './document-links.service';
import { inviteFromLink, isAlreadyInRoom, pendingInvestorInvitationOf } from './link-invitations';
import {
  closedLinkRefusal,
  domainRefusal,
  isDomainAllowed,
  type ShareLinkStateName,
  shareLinkStateOf,
} from './share-link-rules';
import { shareApprovalRequestEmail, shareCodeEmail } from './share-links.mails';
import {
  countCodesForEmailSince,
  countCodesForLinkSince,
  countCountedReaders,
  deleteShareCode,
  findCodeByProofHash,
  findNewestCode,
  findReader,
  findShareLinkByTokenHash,
  insertReader,
  insertShareCode,
  type StoredShareCode,
  type StoredShareLink,
  takeTry,
  useCode,
} from './share-links.repository';
import { shareLinkUrl } from './share-links.service';

/**
 * Entering a room through a share link (docs/decisions/0071-share-links.md): the page asks for an
 * address, a code (or the magic link beside it in the same mail) proves it, and only then does the
 * reader become an accepted investor of the link's group, signed in on that device. Nothing of the room
 * is shown before; GETs write nothing (mail scanners and link previews fetch links).
 */

/** Wrong tries a code allows; the next answers as a wrong code would, right or not. */
export const SHARE_CODE_TRIES = 5;

const NOT_FOUND = 'This share link is not valid. Copy the whole link from the e-mail it came in.';
const WRONG_CODE =
  'That code is not right, or it has expired. Check the newest e-mail, or ask for a new code.';

async function requireLink(ctx: AppContext, token: string): Promise<StoredShareLink> {
  const link = await findShareLinkByTokenHash(ctx.db, hashToken(token));
  if (!link) throw new HttpError(404, 'share_link_not_found', NOT_FOUND);
  return link;
}

/**
 * What the page may show before the proof: whether the link lets anyone in, if approval follows, and
 * whose room it is when the link may say so (gatePresentationOf).
 */
export async function describeShareLink(ctx: AppContext, token: string): Promise<ShareLinkState> {
  const link = await requireLink(ctx, token);
  const state = shareLinkStateOf(link, await countCountedReaders(ctx.db, link.id), new Date());
  return {
    state,
    opens: (await findDocumentLink(ctx.db, link.id)) ? 'document' : 'room',
    requiresApproval: link.isApprovalRequired,
    room: await gatePresentationOf(ctx, link, state),
  };
}

/**
 * Whose room a link's page names before the proof, for the page's own answer and for its HTML (written by
 * the server before any script runs): the company's name and the founder's first name, or null for a
 * token that is no link, a link the founder told not to say so, a link that lets nobody in now, or a
 * closed room. The link's holder is anyone the link reached, so nothing else of the room or its founder.
 */
export async function shareGatePresentation(
  ctx: AppContext,
  token: string,
): Promise<ShareGatePresentation | null> {
  if (!shareTokenParamsSchema.shape.token.safeParse(token).success) return null;
  const link = await findShareLinkByTokenHash(ctx.db, hashToken(token));
  if (!link) return null;
  const state = shareLinkStateOf(link, await countCountedReaders(ctx.db, link.id), new Date());
  return gatePresentationOf(ctx, link, state);
}

/**
 * The room a link's page names (the same rule as shareGatePresentation): its id, for the room's brand on
 * the gate (docs/decisions/0094-the-founders-brand.md); null where the page names no room.
 */
export async function roomNamedByShareLink(ctx: AppContext, token: string): Promise<string | null> {
  if (!shareTokenParamsSchema.shape.token.safeParse(token).success) return null;
  const link = await findShareLinkByTokenHash(ctx.db, hashToken(token));
  if (!link) return null;
  const state = shareLinkStateOf(link, await countCountedReaders(ctx.db, link.id), new Date());
  return (await gatePresentationOf(ctx, link, state)) ? link.roomId : null;
}

async function gatePresentationOf(
  ctx: AppContext,
  link: StoredShareLink,
  state: ShareLinkStateName,
): Promise<ShareGatePresentation | null> {
  // A closed link names nobody: turning a link off also takes the room's name off its page.
  if (state !== 'open') return null;
  return roomNamedBy(ctx, link);
}

/** The company and its founder's first name when the link may name them (its option, an active room). */
async function roomNamedBy(ctx: AppContext, link: StoredShareLink): Promise<ShareGatePresentation | null> {
  if (!link.isRoomNamed) return null;
  const names = await activeRoomNames(ctx.db, peopleOfRooms, link.roomId);
  if (!names) return null;
  return { companyName: names.companyName, founderFirstName: firstNameOf(names.founderName) };
}

/**
 * The first word of a name, or null when there is none or it looks like an address (a name typed as one):
 * the page never shows an e-mail address or a last name.
 */
function firstNameOf(name: string): string | null {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first === '' || first.includes('@') ? null : first;
}

/**
 * Why the link cannot let the address in now, or null when it can: a link turned off or expired refuses
 * everyone; an address the founder removed or refused stays out; a full link or a domain not allowed
 * refuses the addresses not yet in the room nor already counted by it.
 */
async function refusalOf(
  db: DatabaseExecutor,
  link: StoredShareLink,
  email: string,
  now: Date,
): Promise<HttpError | null> {
  const state = shareLinkStateOf(link, await countCountedReaders(db, link.id), now);
  if (state === 'disabled' || state === 'expired') return closedLinkRefusal(state);
  // Removed by the founder: no link lets the address back in until they invite it again (ADR 74).
  if (await isRemovedFromRoom(db, link.roomId, email)) return accessEnded();
  if (await isAlreadyInRoom(db, link.roomId, email, now)) return null;
  const reader = await findReader(db, link.id, email);
  if (reader?.state === 'refused') return refusedByFounder();
  if (reader) return null;
  if (!isDomainAllowed(link, email)) return domainRefusal();
  if (state === 'full') return closedLinkRefusal(state);
  return null;
}

async function requireAdmissible(
  db: DatabaseExecutor,
  link: StoredShareLink,
  email: string,
  now: Date,
): Promise<void> {
  const refusal = await refusalOf(db, link, email, now);
  if (refusal) throw refusal;
}

const refusedByFounder = () =>
  new HttpError(403, 'share_refused', 'The founder did not open the data room to you through this link.');

function tooMany(message: string): HttpError {
  return new HttpError(
    429,
    'rate_limited',
    message,
    {},
    { 'retry-after': String(SHARE_CODES_WINDOW_MS / SECOND_MS) },
  );
}

/** What the code request answers, whoever the address is (ADR 74): it says nothing about the address. */
/** A refusal as the founders' alert words it. */
const REFUSAL_REASONS: Record<string, string> = {
  share_link_disabled: 'the share link is turned off',
  share_link_expired: 'the share link has expired',
  share_link_full: 'the share link is full',
  domain_not_allowed: "the share link does not allow the address's domain",
  share_access_ended: 'the address was removed from the room',
  share_refused: 'you refused this address',
};

export const CODE_REQUESTED_MESSAGE =
  'If this address may enter, a code is on its way. It can take a minute; check the spam folder too.';

/**
 * Mails a six-digit code and a magic link for this link and address, when the link can let the address in.
 * The answer is the same either way (CODE_REQUESTED_MESSAGE): a member, a stranger, a refused or removed
 * address and one of a domain not allowed cannot be told apart, so the link is no oracle; only a link
 * closed for everyone says so. Counted under the link's lock, per link and per address (every link, and
 * with the same number as sign-in links), so neither a link posted publicly nor a victim's address can be
 * used to flood a mailbox; per IP by the route. The code works only in `browserMarkHash`'s browser.
 */
export async function requestShareCode(
  ctx: AppContext,
  token: string,
  email: string,
  browserMarkHash: string,
  activity: Pick<RoomActivity, 'refused'>,
): Promise<void> {
  const link = await requireLink(ctx, token);
  const now = new Date();
  const refusal = await refusalOf(ctx.db, link, email, now);
  // The founders may want an alert of it (ADR 90): the address, and why in a few words.
  if (refusal)
    await activity.refused({
      roomId: link.roomId,
      email,
      reason: REFUSAL_REASONS[refusal.code] ?? refusal.code,
    });
  if (refusal?.code === 'share_link_disabled' || refusal?.code === 'share_link_expired') throw refusal;
  if (refusal) {
    ctx.log.info(
      { linkId: link.id, reason: refusal.code },
      'share link code not sent: the address may not enter',
    );
    return;
  }
  const code = sixDigitCode();
  const proof = generateToken();
  const id = crypto.randomUUID();
  const windowStart = new Date(now.getTime() - SHARE_CODES_WINDOW_MS);
  await ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ctx.config.database.dialect, `share-link:${link.id}`);
    if ((await countCodesForLinkSince(trx, link.id, windowStart)) >= ctx.config.rateLimits.shareCodesPerLink)
      throw tooMany('This link has sent too many codes in the last minutes. Please try again in 15 minutes.');
    if ((await countCodesForEmailSince(trx, email, windowStart)) >= ctx.config.rateLimits.magicLinksPerEmail)
      throw tooMany('Too many codes were requested for this address. Please try again in 15 minutes.');
    const row: StoredShareCode = {
      id,
      shareLinkId: link.id,
      email,
      codeHash: codeHashOf(id, code),
      proofHash: hashToken(proof),
      attempts: 0,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SHARE_CODE_TTL_MS),
      usedAt: null,
      browserMarkHash,
    };
    await insertShareCode(trx, row);
  });
  // The mail goes only to an address the link can let in: it names the room as the link's page does.
  const room = await roomNamedBy(ctx, link);
  await deliverOrUndo(
    ctx,
    shareCodeEmail({
      to: email,
      companyName: room?.companyName ?? null,
      // The brand only where the mail names the room (ADR 94).
      brand: room ? await mailBrandOf(ctx, link.roomId) : undefined,
      code,
      link: `${shareLinkUrl(ctx, token)}?proof=${proof}`,
      expiresInMinutes: SHARE_CODE_TTL_MS / MINUTE_MS,
    }),
    () => deleteShareCode(ctx.db, id),
    'The e-mail with your code could not be sent. Please try again in a moment.',
  );
}

/**
 * The code row this request proves, or the one refusal for every failure (unknown, used, expired, spent,
 * wrong): the answer never tells which, so it cannot be used to learn anything about a code or an
 * address. Each typed code spends one try before it is compared, so parallel guesses cannot share one.
 */
async function provenCode(
  ctx: AppContext,
  link: StoredShareLink,
  request: ShareVerifyRequest,
  browserMarkHash: string | null,
  now: Date,
): Promise<StoredShareCode> {
  const wrong = new HttpError(400, 'invalid_code', WRONG_CODE, { field: 'code' });
  if ('proof' in request) {
    const code = await findCodeByProofHash(ctx.db, link.id, hashToken(request.proof));
    if (!code || code.usedAt !== null || code.expiresAt.getTime() <= now.getTime()) throw wrong;
    return code;
  }
  // A typed code: the newest of the address for this link, from the browser that asked for it, within
  // the code's own tries and the address's daily budget (ADR 74).
  let proven: StoredShareCode | undefined;
  const isRight = await typedCodeIsRight(ctx, request.email, async (trx) => {
    const code = await findNewestCode(trx, link.id, request.email);
    if (!code || !(await takeTry(trx, code.id, SHARE_CODE_TRIES, now))) return false;
    if (browserMarkHash === null || code.browserMarkHash !== browserMarkHash) return false;
    if (!codeMatches(code.id, request.code, code.codeHash)) return false;
    proven = code;
    return true;
  });
  if (!isRight || !proven) throw wrong;
  return proven;
}

export type ShareEntry =
  | { state: 'admitted'; user: User; session: NewSession | null; roomId: string; documentId?: string }
  | { state: 'pending'; message: string };

const WAITING = 'The founder has been asked to let you in. You will get an e-mail when they decide.';

/**
 * Proves the address and lets the reader in: an investor of the link's group (an invitation accepted
 * at once, as an invitation's link does: ADR 55), signed in on this device. An address already in the
 * room just signs in, its group unchanged. With approval on, a new reader waits instead, and the
 * room's managers are told.
 */
export async function enterByShareLink(
  ctx: AppContext,
  token: string,
  request: ShareVerifyRequest,
  device: { userAgent: string | undefined; current: DeviceSession | null; browserMarkHash: string | null },
): Promise<ShareEntry> {
  const link = await requireLink(ctx, token);
  const now = new Date();
  const code = await provenCode(ctx, link, request, device.browserMarkHash, now);
  const entry = await ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ctx.config.database.dialect, `share-link:${link.id}`);
    if (!(await useCode(trx, code.id, now)))
      throw new HttpError(400, 'invalid_code', WRONG_CODE, { field: 'code' });
    await requireAdmissible(trx, link, code.email, now);
    const document = await findDocumentLink(trx, link.id);
    if (!document) return admit(trx, link, code.email, now, device);
    const admission = await admitToDocument(trx, link, document, code.email, now, device);
    if (admission.state !== 'admitted') return admission;
    return { ...admittedOrRefused(admission.entry, link.roomId), documentId: document.documentId };
  });
  if (entry.state === 'waiting') {
    await askManagers(ctx, link, code.email);
    return { state: 'pending', message: WAITING };
  }
  if (entry.state === 'pending') return { state: 'pending', message: WAITING };
  return entry;
}

type Admission = Exclude<ShareEntry, { state: 'pending' }> | { state: 'pending' } | { state: 'waiting' };

const accessEnded = () =>
  new HttpError(403, 'share_access_ended', 'Your access through this link has ended. Ask the founder.');

/**
 * Lets a proven reader into the link's room, and that room only (ADR 74): a code proves the address only
 * as well as its guessing budget allows, so the device gets a session of the room, never of the account
 * (enterOneRoom). A new reader becomes an investor of the link's group; an address already in the room
 * enters as it is; an address the founder removed stays out, whichever link it comes by.
 */
async function admit(
  trx: DatabaseExecutor,
  link: StoredShareLink,
  email: string,
  now: Date,
  device: { userAgent: string | undefined; current: DeviceSession | null },
): Promise<Admission> {
  if (await isRemovedFromRoom(trx, link.roomId, email)) throw accessEnded();
  let invitationId: string | null;
  if (await isAlreadyInRoom(trx, link.roomId, email, now)) {
    invitationId = await pendingInvestorInvitationOf(trx, link.roomId, email, now);
  } else {
    const reader = await findReader(trx, link.id, email);
    if (reader?.state === 'refused') throw refusedByFounder();
    if (reader?.state === 'pending') return { state: 'pending' };
    // Let in before and since removed by the founder: the link does not undo the founder's removal.
    if (reader?.state === 'admitted') throw accessEnded();
    const state = link.isApprovalRequired ? 'pending' : 'admitted';
    await insertReader(trx, {
      id: crypto.randomUUID(),
      shareLinkId: link.id,
      roomId: link.roomId,
      email,
      state,
      createdAt: now,
      decidedAt: null,
      forwardedFrom: null,
    });
    if (state === 'pending') return { state: 'waiting' };
    invitationId = await inviteFromLink(trx, link, email, now);
  }
  const entry = await enterOneRoom(
    trx,
    { roomId: link.roomId, email, name: null, invitationId },
    now,
    device,
  );
  return admittedOrRefused(entry, link.roomId, email);
}

/** The proof's answer from a one-room (or one-document) entry, or the refusal it stands for. */
function admittedOrRefused(
  entry: OneRoomEntry,
  roomId: string,
  email = 'your address',
): Extract<Admission, { state: 'admitted' }> {
  switch (entry.state) {
    case 'entered':
      return { state: 'admitted', user: entry.user, session: entry.session, roomId };
    case 'inactive':
      throw new HttpError(403, 'account_inactive', 'This account is deactivated. Contact the founder.');
    case 'removed':
      throw accessEnded();
    default:
      // A co-founder's invitation waits in the room, or the invitation went a moment ago: the mailbox
      // decides (a co-founder seat is never taken by a code).
      throw new HttpError(
        409,
        'sign_in_required',
        `To open this data room, sign in with a link sent to ${email}.`,
      );
  }
}

/** Tells each manager of the room that a reader waits; a failure is logged, the reader still waits. */
async function askManagers(ctx: AppContext, link: StoredShareLink, readerEmail: string): Promise<void> {
  const [companyName = 'your company'] = await companyNamesFor(ctx.db, undefined, [link.roomId]);
  const consoleUrl = `${ctx.config.appUrl}${paths.adminInvestors}#share-links`;
  for (const manager of await listManagers(ctx, peopleOfRooms, link.roomId)) {
    try {
      await ctx.mailer.send(
        shareApprovalRequestEmail({
          to: manager.email,
          readerEmail,
          linkName: link.name,
          companyName,
          consoleUrl,
        }),
      );
    } catch (error) {
      ctx.log.error({ err: error, linkId: link.id }, 'a manager could not be told of a reader waiting');
    }
  }
}
