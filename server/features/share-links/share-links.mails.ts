import { escapeHtml, layout, type MailBrandStyle } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';

/**
 * A share link's proof (docs/decisions/0071-share-links.md): the six-digit code, and the same proof as a
 * link. Its subject and first line name the company when the link's page does (companyName), so the
 * reader knows which room the code opens; otherwise they name none, as the page.
 */
export function shareCodeEmail(input: {
  to: string;
  companyName: string | null;
  code: string;
  link: string;
  expiresInMinutes: number;
  /** The room's brand, while it is on (docs/decisions/0094-the-founders-brand.md). */
  brand?: MailBrandStyle;
}): OutgoingMessage {
  const room = input.companyName === null ? null : `the ${input.companyName} data room`;
  const subject = room ? `${input.code} is your code for ${room}` : `${input.code} is your Roundroom code`;
  const sentence = room
    ? `Your code for ${room} is ${input.code}. Type it on the page that asked for it, or open the link below on this device.`
    : `Type this code on the page that asked for it, or open the link below on this device: ${input.code}`;
  const expiry = `The code and the link work once, for ${input.expiresInMinutes} minutes.`;
  const ignore = 'If you did not ask for a code, ignore this e-mail: nothing happens without it.';
  return {
    to: input.to,
    fromName: input.brand?.senderName,
    subject,
    text: [sentence, '', input.link, '', expiry, ignore].join('\n'),
    html: layout(
      room ? `Your code for ${room}` : 'Your code',
      [
        'Type this code on the page that asked for it:',
        `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(input.code)}</strong>`,
        escapeHtml(expiry),
      ],
      { label: 'Open the data room', url: input.link },
      escapeHtml(ignore),
      input.brand,
    ),
  };
}

/** To each manager of the room when a share link's reader waits for their approval (ADR 71). */
export function shareApprovalRequestEmail(input: {
  to: string;
  readerEmail: string;
  linkName: string;
  companyName: string;
  consoleUrl: string;
}): OutgoingMessage {
  const subject = `${input.readerEmail} asks to enter the ${input.companyName} data room`;
  const sentence = `${input.readerEmail} proved their address through your share link "${input.linkName}" and waits for you to let them in.`;
  const next = 'Approve or refuse from the console; they are told by e-mail either way.';
  return {
    to: input.to,
    subject,
    text: [sentence, '', next, input.consoleUrl].join('\n'),
    html: layout(
      'Someone waits to enter your data room',
      [escapeHtml(sentence), escapeHtml(next)],
      { label: 'Approve or refuse', url: input.consoleUrl },
      'You get this e-mail because you manage this data room.',
    ),
  };
}

/** To a share link's reader whom the founder did not let in (ADR 71). */
export function shareRefusedEmail(input: {
  to: string;
  companyName: string;
  appUrl: string;
}): OutgoingMessage {
  const subject = `About the ${input.companyName} data room`;
  const sentence = `The founder of ${input.companyName} did not open the data room to ${input.to} through this link.`;
  return {
    to: input.to,
    subject,
    text: [sentence].join('\n'),
    html: layout(
      subject,
      [escapeHtml(sentence)],
      { label: 'Roundroom', url: input.appUrl },
      'You get this e-mail because you asked to enter this data room.',
    ),
  };
}

/** To a document link's reader the founder let in: the link again, whose code now opens the document (ADR 95). */
export function documentApprovedEmail(input: {
  to: string;
  companyName: string;
  linkUrl: string;
}): OutgoingMessage {
  const subject = `You can now read the document ${input.companyName} shared`;
  const sentence = `The founder of ${input.companyName} let ${input.to} read the document shared with this link.`;
  const next = 'Open the link and confirm your address with a new code.';
  return {
    to: input.to,
    subject,
    text: [sentence, '', next, input.linkUrl].join('\n'),
    html: layout(
      subject,
      [escapeHtml(sentence), escapeHtml(next)],
      { label: 'Open the document', url: input.linkUrl },
      'You get this e-mail because you asked to read this document.',
    ),
  };
}
