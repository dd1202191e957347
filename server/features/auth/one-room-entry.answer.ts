import type { FastifyReply } from 'fastify';
import type { AppContext } from '#server/app-context';
import { type NewSession, publicUserOf, type User } from '#server/features/accounts/index';
import { setSessionCookie } from '#server/plugins/auth';
import type { PublicUser } from '#shared/contracts/auth';

/**
 * The answer to a proof of one room (an invitation's link, a share-link code): the new one-room session's
 * cookie and token, or nothing new when the device's own full session of the account was kept (ADR 74).
 */
export async function oneRoomEntryAnswer(
  ctx: AppContext,
  reply: FastifyReply,
  entry: { user: User; session: NewSession | null; roomId: string },
): Promise<{ token?: string; user: PublicUser; roomId: string }> {
  if (!entry.session) return { user: await publicUserOf(ctx, entry.user), roomId: entry.roomId };
  setSessionCookie(reply, ctx.config, entry.session);
  return {
    token: entry.session.token,
    user: await publicUserOf(ctx, entry.user, entry.session.onlyRoomId),
    roomId: entry.roomId,
  };
}
