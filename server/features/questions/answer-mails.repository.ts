import type { ModuleExecutor } from '#server/db/schema';

/**
 * The asker's answer mails and their one-click unsubscribe (docs/decisions/0092-the-askers-answer-mails.md):
 * one row per mail sent, by its token's hash; a used link marks its row.
 */

/** An answer's mail to come, written in the answer's transaction. */
export async function insertAnswerMail(
  db: ModuleExecutor<'questions'>,
  mail: { id: string; roomId: string; userId: string },
): Promise<void> {
  await db
    .insertInto('question_answer_mails')
    .values({
      id: mail.id,
      room_id: mail.roomId,
      user_id: mail.userId,
      token_hash: null,
      sent_at: null,
      unsubscribed_at: null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** The mail going out: the hash of the token it carries (a retry's new token replaces an unsent one's). */
export async function saveAnswerMailToken(
  db: ModuleExecutor<'questions'>,
  mail: { id: string; roomId: string; userId: string; tokenHash: string; sentAt: Date },
): Promise<void> {
  await db
    .insertInto('question_answer_mails')
    .values({
      id: mail.id,
      room_id: mail.roomId,
      user_id: mail.userId,
      token_hash: mail.tokenHash,
      sent_at: mail.sentAt.getTime(),
      unsubscribed_at: null,
    })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ token_hash: mail.tokenHash, sent_at: mail.sentAt.getTime() }),
    )
    .execute();
}

/** Whether the reader used the unsubscribe link of one of their answer mails about this room. */
export async function isUnsubscribedFromAnswers(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('question_answer_mails')
    .select('token_hash')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('unsubscribed_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The answer mail a token came in: to whom, about which room. */
export async function findAnswerMailByToken(db: ModuleExecutor<'questions'>, tokenHash: string) {
  const row = await db
    .selectFrom('question_answer_mails')
    .select(['room_id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && { roomId: row.room_id, userId: row.user_id };
}

export async function markAnswerMailUnsubscribed(
  db: ModuleExecutor<'questions'>,
  tokenHash: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('question_answer_mails')
    .set({ unsubscribed_at: at.getTime() })
    .where('token_hash', '=', tokenHash)
    .where('unsubscribed_at', 'is', null)
    .execute();
}
