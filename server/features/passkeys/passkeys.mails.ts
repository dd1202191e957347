import { escapeHtml, layout } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';
import { formatUtcDateTime } from '#server/mail/utc-dates';

/** What a security notice tells the account's own address about (docs/decisions/0093-security-notices-and-required-passkeys.md). */
export type SecurityEvent = 'passkey_added' | 'passkey_removed' | 'recovery_code_used' | 'sessions_ended';

function describeEvent(event: SecurityEvent, passkeyName: string | null): { subject: string; what: string } {
  const named = passkeyName ? ` "${passkeyName}"` : '';
  switch (event) {
    case 'passkey_added':
      return { subject: 'A passkey was added to your account', what: `A passkey${named} was added` };
    case 'passkey_removed':
      return { subject: 'A passkey was removed from your account', what: `The passkey${named} was removed` };
    case 'recovery_code_used':
      return {
        subject: 'A recovery code was used to sign in',
        what: 'A recovery code was used instead of a passkey to sign in',
      };
    case 'sessions_ended':
      return {
        subject: 'Your other sessions were signed out',
        what: 'Every other session was signed out and your API tokens were revoked',
      };
  }
}

/**
 * To the account's own address after a change to how it signs in, as GitHub and Google send: what
 * happened, from which device (as the sessions list names it) and when, and the way to the sessions list
 * for someone who did not do it.
 */
export function securityNoticeEmail(input: {
  to: string;
  event: SecurityEvent;
  passkeyName: string | null;
  device: string;
  at: Date;
  securityUrl: string;
  messageId: string;
}): OutgoingMessage {
  const { subject, what } = describeEvent(input.event, input.passkeyName);
  const when = formatUtcDateTime(input.at);
  const sentence = `${what} on your Roundroom account (${input.to}).`;
  const where = `Device: ${input.device}. Time: ${when}.`;
  const advice =
    'If this was you, there is nothing to do. If it was not, open your sessions list, sign out every ' +
    'session you do not recognise and remove any passkey you did not add.';
  return {
    to: input.to,
    subject,
    messageId: input.messageId,
    text: [sentence, where, '', advice, '', 'Your sessions and passkeys:', input.securityUrl].join('\n'),
    html: layout(
      subject,
      [
        escapeHtml(sentence),
        `Device: <strong>${escapeHtml(input.device)}</strong><br>Time: <strong>${escapeHtml(when)}</strong>`,
        escapeHtml(advice),
      ],
      { label: 'Review your sessions', url: input.securityUrl },
      'This notice is sent for every change to how your account signs in; it cannot be turned off.',
    ),
  };
}
