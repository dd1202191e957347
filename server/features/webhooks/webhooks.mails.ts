import { escapeHtml, layout } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';
import { formatUtcDateTime } from '#server/mail/utc-dates';

/** To the room's owner when the server turned a webhook endpoint off after a day of failed deliveries (ADR 52). */
export function webhookDisabledEmail(input: {
  to: string;
  companyName: string;
  endpointUrl: string;
  failingSince: Date;
  lastError: string;
  settingsUrl: string;
  messageId: string;
}): OutgoingMessage {
  const subject = 'A webhook endpoint was turned off';
  const sentence = `Deliveries to ${input.endpointUrl} for the ${input.companyName} data room have failed since ${formatUtcDateTime(input.failingSince)}, so Roundroom turned the endpoint off. No more events are sent to it.`;
  const lastError = `The last attempt: ${input.lastError}`;
  const next = 'Fix the receiver, then turn the endpoint back on and send a test event from Settings.';
  return {
    to: input.to,
    subject,
    messageId: input.messageId,
    text: [sentence, '', lastError, '', next, input.settingsUrl].join('\n'),
    html: layout(
      subject,
      [escapeHtml(sentence), escapeHtml(lastError), escapeHtml(next)],
      { label: 'Open webhook settings', url: input.settingsUrl },
      'You get this e-mail because you own this data room.',
    ),
  };
}
