import type { AppContext } from '#server/app-context';
import type { NewSession, User } from '#server/features/accounts/index';
import { findInvitationLink, type InvitationLink } from '#server/features/invitations/index';
import { HttpError } from '#server/plugins/errors';
import { type DeviceSession, enterOneRoom } from './one-room-entry.service';

const NOT_FOUND_MESSAGE =
  'This invitation link is not valid. Open the whole link from the invitation e-mail, or ask the founder to invite you again.';

/**
 * What an invitation link's holder may learn of it: whether it still opens the room, and if not, why
 * (docs/decisions/0055-invitation-as-credential.md). The room's id only once accepted, so the page can
 * send its invitee back there; the room's name and content only through the invited view, while usable.
 */
export async function describeInvitationLink(
  ctx: AppContext,
  token: string,
): Promise<{
  state: InvitationLink['state'];
  invitedEmail: string;
  expiresAt: string;
  roomId: string | null;
}> {
  const link = await findInvitationLink(ctx.db, token, new Date());
  if (!link) throw new HttpError(404, 'invitation_not_found', NOT_FOUND_MESSAGE);
  return {
    state: link.state,
    invitedEmail: link.email,
    expiresAt: link.expiresAt.toISOString(),
    roomId: link.state === 'accepted' ? link.roomId : null,
  };
}

/** The refusal for a link that no longer signs in, in words. */
function refusalFor(link: InvitationLink): HttpError {
  switch (link.state) {
    case 'accepted':
      return new HttpError(
        409,
        'invitation_accepted',
        `This invitation was already used to open the data room. Sign in with a link sent to ${link.email}.`,
      );
    case 'expired':
      return new HttpError(
        410,
        'invitation_expired',
        'This invitation has expired. Ask the founder to invite you again.',
      );
    default:
      return new HttpError(410, 'invitation_withdrawn', 'The founder withdrew this invitation.');
  }
}

/**
 * Opens the data room from an invitation's link (docs/decisions/0074-a-proof-of-one-room.md, superseding
 * what ADR 55 said of proof): accepts that invitation and signs this device in for that room only. The
 * link may have been copied by the founder rather than opened from the mailbox, so it proves the room
 * and nothing of the address: no other invitation is accepted, no session of the account beyond this room
 * starts, and the account's other sessions are untouched. After this the link proves nothing (409, and
 * the page offers a magic link instead).
 */
export async function acceptInvitationLink(
  ctx: AppContext,
  token: string,
  device: { userAgent: string | undefined; current: DeviceSession | null },
): Promise<{ user: User; session: NewSession | null; roomId: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const link = await findInvitationLink(trx, token, now);
    if (!link) throw new HttpError(404, 'invitation_not_found', NOT_FOUND_MESSAGE);
    if (link.state !== 'pending') throw refusalFor(link);
    const entry = await enterOneRoom(
      trx,
      { roomId: link.roomId, email: link.email, name: link.name, invitationId: link.id },
      now,
      device,
    );
    if (entry.state === 'entered') return { user: entry.user, session: entry.session, roomId: link.roomId };
    if (entry.state === 'inactive')
      throw new HttpError(403, 'account_inactive', 'This account is deactivated. Contact the founder.');
    // Accepted by a concurrent request a moment before (its conditional update won), or withdrawn meanwhile:
    // this request accepted nothing, and its transaction undoes what it wrote.
    const current = await findInvitationLink(trx, token, now);
    throw current && current.state !== 'pending'
      ? refusalFor(current)
      : refusalFor({ ...link, state: 'withdrawn' });
  });
}
