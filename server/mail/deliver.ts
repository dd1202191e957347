import { HttpError } from '#server/plugins/errors';
import { MailDeliveryError, type Mailer, type OutgoingMessage } from './mailer';

/**
 * What delivery needs of the app: its mailer and its log. Services pass their AppContext, which has both;
 * mail never imports app-context.ts, which gathers mail with the rest of the platform.
 */
interface Delivery {
  mailer: Mailer;
  log: { error(details: object, message: string): void };
}

/**
 * Sends a message whose database changes are already written; if it cannot be handed over, `undo`
 * reverts them and the caller gets a 502 with `failure` as its message. Nobody is told "sent" for a
 * message that never left, and no row remains for a link nobody received.
 */
export async function deliverOrUndo(
  ctx: Delivery,
  message: OutgoingMessage,
  undo: () => Promise<void>,
  failure: string,
): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    await undo();
    if (!(error instanceof MailDeliveryError)) throw error;
    ctx.log.error({ err: error, subject: message.subject }, 'mail delivery failed');
    throw new HttpError(502, 'mail_failed', failure);
  }
}
