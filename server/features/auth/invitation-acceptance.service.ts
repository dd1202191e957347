import type { AppContext } from '#server/app-context';
import { endSession, type NewSession, type User } from '#server/features/accounts/index';
import {
  findInvitationLink,
  hasAcceptedInvitation,
  type InvitationLink,
} from '#server/features/invitations/index';
import { HttpError } from '#server/plugins/errors';
import { countUsedMagicLinks } from './magic-links.repository';
import { signInProvenAddress } from './magic-links.service';

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
 * Opens the data room from an invitation's link: accepts the invitation and signs its invitee in on this
 * device, once (docs/decisions/0055-invitation-as-credential.md). The link was mailed to the invited
 * address, so using it proves that mailbox as a magic link does; after this, it proves nothing more
 * (409, and the page offers a magic link instead). Whoever was signed in on this device before is signed
 * out of it: the person holding the invitation is now the one reading.
 */
export async function acceptInvitationLink(
  ctx: AppContext,
  token: string,
  device: { userAgent: string | undefined; previousSessionId: string | null },
): Promise<{ user: User; session: NewSession; roomId: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const link = await findInvitationLink(trx, token, now);
    if (!link) throw new HttpError(404, 'invitation_not_found', NOT_FOUND_MESSAGE);
    if (link.state !== 'pending') throw refusalFor(link);
    // No magic link used and no invitation accepted yet: this is the address's first proof (ADR 20).
    const isFirstProof =
      (await countUsedMagicLinks(trx, link.email)) === 0 && !(await hasAcceptedInvitation(trx, link.email));
    const signedIn = await signInProvenAddress(trx, link.email, now, device.userAgent, isFirstProof);
    // Accepted by a concurrent request a moment before (its conditional update won), or the account is
    // inactive: this request accepted nothing, and its transaction undoes what it wrote.
    if (!signedIn?.accepted.some((accepted) => accepted.id === link.id)) {
      const current = await findInvitationLink(trx, token, now);
      throw current && current.state !== 'pending'
        ? refusalFor(current)
        : new HttpError(403, 'account_inactive', 'This account is deactivated. Contact the founder.');
    }
    if (device.previousSessionId) await endSession(trx, device.previousSessionId);
    return { user: signedIn.user, session: signedIn.session, roomId: link.roomId };
  });
}
