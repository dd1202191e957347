import type { AppContext } from '#server/app-context';
import { HttpError } from '#server/plugins/errors';
import { MailDeliveryError, type OutgoingMessage } from './mailer';

/**
 * Sends a message whose database changes are already written; if it cannot be handed over, `undo`
 * reverts them and the caller gets a 502 with `failure` as its message. Nobody is told "sent" for a
 * message that never left, and no row remains for a link nobody received.
 */
export async function deliverOrUndo(
  ctx: AppContext,
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
