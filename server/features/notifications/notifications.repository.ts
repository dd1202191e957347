import { type Entity, fromRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { FounderNotificationChoice } from '#shared/contracts/notifications';
import { DEFAULT_FOUNDER_NOTIFICATIONS } from '#shared/contracts/notifications';
import type { FounderNotificationRow } from './notifications.tables';

/** The queries of notifications (docs/decisions/0044-founder-notifications.md); every one scoped by room. */

export type FounderNotification = Entity<FounderNotificationRow>;

/** The founder's choice and when they last saved one (0 when never), which old unsubscribe links yield to. */
export async function findFounderChoiceSavedAt(
  db: ModuleExecutor<'notifications'>,
  roomId: string,
): Promise<{ choice: FounderNotificationChoice; savedAt: number }> {
  const row = await db
    .selectFrom('room_notification_settings')
    .select(['founder_notifications', 'updated_at'])
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return {
    choice: row?.founder_notifications ?? DEFAULT_FOUNDER_NOTIFICATIONS,
    savedAt: Number(row?.updated_at ?? 0),
  };
}

export async function findFounderChoice(
  db: ModuleExecutor<'notifications'>,
  roomId: string,
): Promise<FounderNotificationChoice> {
  const row = await db
    .selectFrom('room_notification_settings')
    .select('founder_notifications')
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row?.founder_notifications ?? DEFAULT_FOUNDER_NOTIFICATIONS;
}

export async function saveFounderChoice(
  db: ModuleExecutor<'notifications'>,
  roomId: string,
  choice: FounderNotificationChoice,
  at: Date,
): Promise<void> {
  await db
    .insertInto('room_notification_settings')
    .values({ room_id: roomId, founder_notifications: choice, updated_at: at.getTime() })
    .onConflict((conflict) =>
      conflict.column('room_id').doUpdateSet({ founder_notifications: choice, updated_at: at.getTime() }),
    )
    .execute();
}

/**
 * Takes the room's one message an hour: true, and `at` recorded, when the last one was at least
 * `intervalMs` before; false otherwise. One statement, so two concurrent sends cannot both pass (on
 * PostgreSQL the second waits for the first's row and then sees its time).
 */
export async function claimInvestorMessageSlot(
  db: ModuleExecutor<'notifications'>,
  roomId: string,
  at: Date,
  intervalMs: number,
): Promise<boolean> {
  const now = at.getTime();
  const result = await db
    .insertInto('room_notification_settings')
    .values({
      room_id: roomId,
      founder_notifications: DEFAULT_FOUNDER_NOTIFICATIONS,
      investors_notified_at: now,
      // updated_at is when the founder saved a choice (unsubscribe links yield to it): none was saved.
      updated_at: 0,
    })
    .onConflict((conflict) =>
      conflict
        .column('room_id')
        .doUpdateSet({ investors_notified_at: now })
        .where((eb) =>
          eb.or([
            eb('room_notification_settings.investors_notified_at', 'is', null),
            eb('room_notification_settings.investors_notified_at', '<=', now - intervalMs),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findInvestorsNotifiedAt(
  db: ModuleExecutor<'notifications'>,
  roomId: string,
): Promise<Date | null> {
  const row = await db
    .selectFrom('room_notification_settings')
    .select('investors_notified_at')
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row?.investors_notified_at ? new Date(row.investors_notified_at) : null;
}

/** Records the investor's first visit; true only the one time it is new. */
export async function insertFirstVisit(
  db: ModuleExecutor<'notifications'>,
  visit: { roomId: string; email: string; name: string; userId: string | null; at: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('room_first_visits')
    .values({
      room_id: visit.roomId,
      investor_email: visit.email,
      investor_name: visit.name,
      user_id: visit.userId,
      visited_at: visit.at.getTime(),
    })
    .onConflict((conflict) => conflict.columns(['room_id', 'investor_email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Adds a notification unless one with its key exists; true when added. */
export async function insertNotification(
  db: ModuleExecutor<'notifications'>,
  notification: {
    id: string;
    roomId: string;
    kind: FounderNotification['kind'];
    key: string;
    investorEmail: string | null;
    window: { start: Date; end: Date } | null;
    at: Date;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('founder_notifications')
    .values({
      id: notification.id,
      room_id: notification.roomId,
      kind: notification.kind,
      notification_key: notification.key,
      investor_email: notification.investorEmail,
      window_start_at: notification.window?.start.getTime() ?? null,
      window_end_at: notification.window?.end.getTime() ?? null,
      unsubscribe_token_hash: null,
      created_at: notification.at.getTime(),
      sent_at: null,
      sent_copies: null,
      skipped_at: null,
    })
    .onConflict((conflict) => conflict.column('notification_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findNotification(
  db: ModuleExecutor<'notifications'>,
  id: string,
): Promise<FounderNotification | undefined> {
  const row = await db
    .selectFrom('founder_notifications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/**
 * Claims the sending of a notification: sets sent_at (and the hash of the unsubscribe token the mail
 * will carry) only if nobody has. True: this attempt sends it; false: it is sent, skipped or being sent.
 * Once a copy went out with a token (the owner's copy goes first), a retry keeps that token's hash: the
 * link in the mail already sent must keep working, and the copies left carry none.
 */
export async function claimNotificationSend(
  db: ModuleExecutor<'notifications'>,
  id: string,
  unsubscribeTokenHash: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('founder_notifications')
    .set((eb) => ({
      sent_at: at.getTime(),
      unsubscribe_token_hash: eb.fn.coalesce('unsubscribe_token_hash', eb.val(unsubscribeTokenHash)),
    }))
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('skipped_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One copy of a notification was handed to the mail server: a retry does not send it again. */
export async function recordCopySent(
  db: ModuleExecutor<'notifications'>,
  id: string,
  sentCopies: readonly string[],
): Promise<void> {
  await db
    .updateTable('founder_notifications')
    .set({ sent_copies: JSON.stringify(sentCopies) })
    .where('id', '=', id)
    .execute();
}

/**
 * Gives a claim back after the mail could not be handed over: the job's retry claims it again. The
 * token's hash stays when a copy carrying it was sent (`keepToken`).
 */
export async function releaseNotificationSend(
  db: ModuleExecutor<'notifications'>,
  id: string,
  claimedAt: Date,
  keepToken = false,
): Promise<void> {
  await db
    .updateTable('founder_notifications')
    .set(keepToken ? { sent_at: null } : { sent_at: null, unsubscribe_token_hash: null })
    .where('id', '=', id)
    .where('sent_at', '=', claimedAt.getTime())
    .execute();
}

export async function skipNotification(
  db: ModuleExecutor<'notifications'>,
  id: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('founder_notifications')
    .set({ skipped_at: at.getTime() })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}

/** The notification a mail's unsubscribe token belongs to. */
export async function findNotificationByTokenHash(db: ModuleExecutor<'notifications'>, tokenHash: string) {
  const row = await db
    .selectFrom('founder_notifications')
    .select(['id', 'room_id', 'sent_at'])
    .where('unsubscribe_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

// ---------------------------------------------------------------------------------------------------
// A digest's window: what investors did in [start, end).

/** First visits in the window, by e-mail. */
export async function listFirstVisitsInWindow(
  db: ModuleExecutor<'notifications'>,
  roomId: string,
  start: Date,
  end: Date,
) {
  const rows = await db
    .selectFrom('room_first_visits')
    .select(['investor_email', 'investor_name'])
    .where('room_id', '=', roomId)
    .where('visited_at', '>=', start.getTime())
    .where('visited_at', '<', end.getTime())
    .execute();
  return rows.map((row) => fromRow(row));
}

// ---------------------------------------------------------------------------------------------------
// "Notify investors".

export async function insertInvestorMessage(
  db: ModuleExecutor<'notifications'>,
  message: { id: string; roomId: string; sentBy: string; body: string; at: Date },
  recipients: { userId: string; email: string }[],
): Promise<void> {
  await db
    .insertInto('investor_messages')
    .values({
      id: message.id,
      room_id: message.roomId,
      sent_by: message.sentBy,
      body: message.body,
      created_at: message.at.getTime(),
    })
    .execute();
  for (let start = 0; start < recipients.length; start += 200) {
    await db
      .insertInto('investor_message_recipients')
      .values(
        recipients.slice(start, start + 200).map((recipient) => ({
          message_id: message.id,
          user_id: recipient.userId,
          email: recipient.email,
          sent_at: null,
        })),
      )
      .execute();
  }
}

/**
 * A recipient's copy of a message: its address, when it was sent, and the message's body, room and
 * sender, whom the caller names from rooms and accounts (docs/decisions/0085-modules-own-their-tables.md).
 */
export async function findMessageForRecipient(
  db: ModuleExecutor<'notifications'>,
  messageId: string,
  userId: string,
) {
  const row = await db
    .selectFrom('investor_message_recipients')
    .innerJoin('investor_messages', 'investor_messages.id', 'investor_message_recipients.message_id')
    .select([
      'investor_message_recipients.email',
      'investor_message_recipients.sent_at',
      'investor_messages.body',
      'investor_messages.room_id',
      'investor_messages.sent_by',
    ])
    .where('investor_message_recipients.message_id', '=', messageId)
    .where('investor_message_recipients.user_id', '=', userId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function claimMessageSend(
  db: ModuleExecutor<'notifications'>,
  messageId: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('investor_message_recipients')
    .set({ sent_at: at.getTime() })
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseMessageSend(
  db: ModuleExecutor<'notifications'>,
  messageId: string,
  userId: string,
  claimedAt: Date,
): Promise<void> {
  await db
    .updateTable('investor_message_recipients')
    .set({ sent_at: null })
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .where('sent_at', '=', claimedAt.getTime())
    .execute();
}
