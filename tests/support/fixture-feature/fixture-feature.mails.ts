import { escapeHtml, layout } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';

/** To the investor who pinged the room's founders. */
export function pingSentEmail(input: { to: string; companyName: string; roomUrl: string }): OutgoingMessage {
  const subject = `Your ping reached ${input.companyName}`;
  const sentence = `The founders of ${input.companyName} will see your ping in their next digest.`;
  return {
    to: input.to,
    subject,
    text: [sentence, '', input.roomUrl].join('\n'),
    html: layout(
      subject,
      [escapeHtml(sentence)],
      { label: 'Open the data room', url: input.roomUrl },
      'You get this e-mail because you pinged this data room.',
    ),
  };
}

/** A ping's line in the founders' digest. */
export const pingedDigestLine = (times: number) =>
  times === 1 ? 'Pinged the founders' : `Pinged the founders (${times} times)`;
