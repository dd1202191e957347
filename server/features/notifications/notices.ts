import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import type { ModuleExecutor } from '#server/db/schema';
import { DIGEST_DELAY_MS } from '#server/durations';
import type { OutgoingMessage } from '#server/mail/mailer';
import { cadenceOf, digestWindow, enqueueNotificationJob, wantsFirstVisits } from './notification-rules';
import type { NotificationFooter } from './notifications.mails';
import { type FounderNotification, findFounderChoice, insertNotification } from './notifications.repository';

/**
 * A feature's notice to a room's founders (docs/decisions/0082-features-own-their-mails.md): declared
 * beside the feature's code, with its wording in the feature's mails file, and handed to notifications by
 * app.ts. Notifications keeps the machinery: the founder's choice, a row claimed before each send, the
 * digests, the one-click unsubscribe. The feature notes each notice in the transaction that records what
 * happened (noteFounderNotice).
 *
 * With `atOnce`, a notice is mailed at once wherever the founder wants first visits at once, and listed
 * in the day's digest when the founder chose daily (a new question, ADR 73). Without, it is a line of the
 * hourly or daily digest, as investors' reads are.
 */
export type FounderNotice = DigestNotice | AtOnceNotice;

interface DigestNotice {
  /** Names the notice in its digest lines' keys. */
  kind: string;
  /** The notice's lines of a digest: what happened in [start, end), by whom. */
  digestLines(ctx: AppContext, roomId: string, window: { start: Date; end: Date }): Promise<NoticeLine[]>;
  atOnce?: undefined;
}

/**
 * The kinds the database stores for a feature's mail at once (founder_notifications.kind): a notice told
 * at once with a new kind names it in that column's type; the database checks no list since migration 0034.
 */
type AtOnceKind = Exclude<FounderNotification['kind'], 'first_visit' | 'hourly' | 'daily'>;

interface AtOnceNotice extends Omit<DigestNotice, 'kind' | 'atOnce'> {
  kind: AtOnceKind;
  atOnce: {
    /**
     * The mails of one notice, or undefined when there is nothing left to tell (its subject is gone). Read
     * before the send is claimed; the mails are made after, with the claim's unsubscribe link.
     */
    prepare(
      ctx: AppContext,
      notice: { subjectId: string; room: { id: string; companyName: string } },
    ): Promise<((telling: NoticeTelling) => OutgoingMessage[]) | undefined>;
  };
}

/** One line of a digest, under the investor it names. */
export interface NoticeLine {
  /** Unique among the notice's lines (a question's id). */
  key: string;
  email: string;
  name: string;
  /** The line as the digest reads it, in the feature's words. */
  text: string;
}

/** What notifications gives a notice's mails. */
export interface NoticeTelling {
  /** The footer of a copy: the one-click unsubscribe turns the room's mail off, so it is the owner's alone. */
  footer(isOwner: boolean): NotificationFooter;
  /** A Message-ID for this notice's copy to one recipient, the same if the copy is sent again. */
  messageId(recipientId: string): string;
}

/**
 * Notes a feature's notice, in the transaction that records what happened: told at once where the founder
 * wants mails at once (when the notice is told at once), else listed in the window's digest where the
 * founder wants digests (a notice told at once only in the day's: hourly founders had its mail); nothing
 * when off.
 */
export async function noteFounderNotice(
  trx: ModuleExecutor<'notifications'>,
  notice: FounderNotice,
  noted: { roomId: string; subjectId: string; at: Date },
): Promise<void> {
  const choice = await findFounderChoice(trx, noted.roomId);
  const id = crypto.randomUUID();
  const cadence = cadenceOf(choice);
  if (notice.atOnce && wantsFirstVisits(choice)) {
    await insertNotification(trx, {
      id,
      roomId: noted.roomId,
      kind: notice.kind,
      key: `${notice.kind}:${noted.subjectId}`,
      investorEmail: null,
      window: null,
      at: noted.at,
    });
    await enqueueNotificationJob(trx, id, noted.at);
  } else if (cadence === 'daily' || (cadence && !notice.atOnce)) {
    const window = digestWindow(cadence, noted.at);
    const added = await insertNotification(trx, {
      id,
      roomId: noted.roomId,
      kind: cadence,
      key: `${cadence}:${noted.roomId}:${window.start.toISOString()}`,
      investorEmail: null,
      window,
      at: noted.at,
    });
    if (added) await enqueueNotificationJob(trx, id, new Date(window.end.getTime() + DIGEST_DELAY_MS));
  }
}
