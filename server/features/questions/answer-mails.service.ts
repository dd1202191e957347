import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { findUserById } from '#server/features/accounts/index';
import { findDataRoomById } from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import { generateToken, hashToken } from '#server/security/tokens';
import type { UnsubscribeDetails } from '#shared/contracts/notifications';
import { href } from '#shared/routes';
import {
  findAnswerMailByToken,
  insertAnswerMail,
  isUnsubscribedFromAnswers,
  markAnswerMailUnsubscribed,
  saveAnswerMailToken,
} from './answer-mails.repository';

/**
 * The one-click unsubscribe of an asker's answer mails (docs/decisions/0092-the-askers-answer-mails.md):
 * each mail carries a token of its own, kept hashed; its link stops the answer mails to that reader about
 * that room, and nothing else (the founders' mails, other readers, other rooms, other mails to them).
 * It works without signing in, as RFC 8058 wants; the reader still sees their answers in the room.
 */

/** Whether an answer mail may go to this reader about this room. */
export async function wantsAnswerMails(ctx: AppContext, roomId: string, userId: string): Promise<boolean> {
  return !(await isUnsubscribedFromAnswers(ctx.db, roomId, userId));
}

/** The mail's id: its job's, the question and the time of the answer it tells. */
export const answerMailIdOf = (questionId: string, answeredAt: number) => `${questionId}:${answeredAt}`;

/**
 * Written with the answer, in its transaction: the mail's row, so that sending it later (a job) adds no
 * row, only its token's hash.
 */
export async function noteAnswerMail(
  trx: DatabaseExecutor,
  mail: { id: string; roomId: string; userId: string },
): Promise<void> {
  await insertAnswerMail(trx, mail);
}

/** A mail's unsubscribe link, its token stored hashed before the mail goes. */
export async function answerMailUnsubscribeUrl(
  ctx: AppContext,
  mail: { id: string; roomId: string; userId: string },
  at: Date,
): Promise<string> {
  const token = generateToken();
  await saveAnswerMailToken(ctx.db, { ...mail, tokenHash: hashToken(token), sentAt: at });
  return `${ctx.config.appUrl}${href('answerMailsUnsubscribe')}?token=${token}`;
}

async function requireAnswerMail(ctx: AppContext, token: string) {
  const mail = await findAnswerMailByToken(ctx.db, hashToken(token));
  const [room, reader] = mail
    ? await Promise.all([findDataRoomById(ctx.db, mail.roomId), findUserById(ctx.db, mail.userId)])
    : [];
  if (!mail || !room || !reader)
    throw new HttpError(404, 'unsubscribe_link_invalid', 'This unsubscribe link is not valid.');
  return { mail, room, reader };
}

export async function answerMailsUnsubscribeDetails(
  ctx: AppContext,
  token: string,
): Promise<UnsubscribeDetails> {
  const { mail, room, reader } = await requireAnswerMail(ctx, token);
  return {
    companyName: room.companyName,
    email: reader.email,
    isUnsubscribed: await isUnsubscribedFromAnswers(ctx.db, mail.roomId, mail.userId),
  };
}

export async function unsubscribeFromAnswerMails(
  ctx: AppContext,
  token: string,
): Promise<UnsubscribeDetails> {
  const { room, reader } = await requireAnswerMail(ctx, token);
  await markAnswerMailUnsubscribed(ctx.db, hashToken(token), new Date());
  return { companyName: room.companyName, email: reader.email, isUnsubscribed: true };
}
