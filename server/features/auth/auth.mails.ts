import { escapeHtml, layout } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';

export function magicLinkEmail(input: {
  to: string;
  link: string;
  /** Typed on the sign-in page of the browser that asked, instead of opening the link (ADR 74). */
  code: string;
  companyNames: string[];
  expiresInMinutes: number;
}): OutgoingMessage {
  const rooms = input.companyNames.length > 0 ? input.companyNames.join(', ') : 'Roundroom';
  const subject = `Your sign-in link for ${rooms}`;
  const codeLine = `Or type this code on the sign-in page where you asked for it: ${input.code}`;
  const expiry = `This link expires in ${input.expiresInMinutes} minutes and works once, as does the code.`;
  const ignore =
    'If you did not ask to sign in, you can ignore this e-mail: nobody can use it without this link.';
  return {
    to: input.to,
    subject,
    text: [`Sign in to the data room of ${rooms}:`, '', input.link, '', codeLine, '', expiry, ignore].join(
      '\n',
    ),
    html: layout(
      `Sign in to ${rooms}`,
      [
        `Use the button below to open the data room of <strong>${escapeHtml(rooms)}</strong>.`,
        'Or type this code on the sign-in page where you asked for it:',
        `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(input.code)}</strong>`,
        escapeHtml(expiry),
      ],
      { label: 'Sign in', url: input.link },
      escapeHtml(ignore),
    ),
  };
}
