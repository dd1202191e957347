import { escapeHtml, layout, type MailBrandStyle } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';
import { formatUtcDateTime } from '#server/mail/utc-dates';

/** To an investor who read a document whose founder replaced its file and asked to tell its readers (ADR 69). */
export function newVersionEmail(input: {
  to: string;
  recipientName: string | null;
  companyName: string;
  title: string;
  updatedAt: Date;
  documentUrl: string;
  messageId: string;
  /** The room's brand, while it is on (docs/decisions/0094-the-founders-brand.md). */
  brand?: MailBrandStyle;
}): OutgoingMessage {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const line = `${input.companyName} updated "${input.title}" on ${formatUtcDateTime(input.updatedAt)}. You read the earlier version; the new one is ready to read.`;
  const why = `You get this e-mail because you read "${input.title}" in the ${input.companyName} data room on Roundroom.`;
  return {
    to: input.to,
    fromName: input.brand?.senderName,
    subject: `${input.companyName} updated ${input.title}`,
    messageId: input.messageId,
    text: [greeting, '', line, '', 'Read it:', input.documentUrl, '', why].join('\n'),
    html: layout(
      `${input.title} was updated`,
      [escapeHtml(greeting), escapeHtml(line)],
      { label: 'Read the new version', url: input.documentUrl },
      escapeHtml(why),
      input.brand,
    ),
  };
}
