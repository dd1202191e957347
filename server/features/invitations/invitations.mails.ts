import { escapeHtml, layout, type MailBrandStyle } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';
import { formatUtcDateTime } from '#server/mail/utc-dates';

interface InvitationInput {
  to: string;
  inviteeName: string | null;
  inviterName: string;
  companyName: string;
  link: string;
  expiresAt: Date;
  /** The room's brand, while it is on (docs/decisions/0094-the-founders-brand.md). */
  brand?: MailBrandStyle;
}

/**
 * An investor's invitation. The founder's personal message, plain text, is quoted as written (escaped in
 * the HTML, line breaks kept). Where the room's documents are view-only the mail says "read" and never
 * "download" (docs/decisions/0043-view-only-documents.md).
 */
export function invitationEmail(
  input: InvitationInput & { personalMessage: string | null; documentsAreViewOnly: boolean },
): OutgoingMessage {
  return invitation(input, {
    subject: `${input.inviterName} invited you to the ${input.companyName} data room`,
    invited: 'invited you to the',
    onRoundroom: 'data room on Roundroom.',
    how: input.documentsAreViewOnly
      ? 'Open the link to read the documents of the data room. No password needed.'
      : 'Open the link to read the documents of the data room and download them. No password needed.',
    heading: `You are invited to the ${input.companyName} data room`,
    action: 'Open the data room',
    personalMessage: input.personalMessage,
  });
}

/** A co-founder's invitation: they manage the room beside its owner, after signing in (ADR 47). */
export function editorInvitationEmail(input: InvitationInput): OutgoingMessage {
  return invitation(input, {
    subject: `${input.inviterName} invited you to manage the ${input.companyName} data room`,
    invited: 'invited you to manage the',
    onRoundroom: 'data room on Roundroom, as a co-founder.',
    how: 'Sign in with this e-mail address: we send you a one-time sign-in link, no password needed. You can then upload files, edit the sections, invite investors and see the analytics.',
    heading: `Manage the ${input.companyName} data room`,
    action: 'Sign in',
  });
}

/** Both invitations: a greeting, who invited them to what, the link, what to do, and until when. */
function invitation(
  input: InvitationInput,
  wording: {
    subject: string;
    invited: string;
    onRoundroom: string;
    how: string;
    heading: string;
    action: string;
    personalMessage?: string | null;
  },
): OutgoingMessage {
  const greeting = input.inviteeName ? `Hello ${input.inviteeName},` : 'Hello,';
  // A date for people ("Fri, 4 Dec 2026, 15:12 UTC"), not RFC 1123's "Fri, 04 Dec 2026 15:12:10 GMT".
  const expiry = `The invitation is valid until ${formatUtcDateTime(input.expiresAt)} (7 days).`;
  const note = wording.personalMessage ?? null;
  const noteLead = `${input.inviterName} wrote:`;
  return {
    to: input.to,
    fromName: input.brand?.senderName,
    subject: wording.subject,
    text: [
      greeting,
      '',
      `${input.inviterName} ${wording.invited} ${input.companyName} ${wording.onRoundroom}`,
      ...(note ? ['', noteLead, ...note.split(/\r?\n/).map((line) => `> ${line}`)] : []),
      '',
      input.link,
      '',
      wording.how,
      expiry,
    ].join('\n'),
    html: layout(
      wording.heading,
      [
        escapeHtml(greeting),
        `${escapeHtml(input.inviterName)} ${wording.invited} <strong>${escapeHtml(input.companyName)}</strong> ${wording.onRoundroom}`,
        ...(note ? [escapeHtml(noteLead), { quote: note }] : []),
        escapeHtml(wording.how),
      ],
      { label: wording.action, url: input.link },
      escapeHtml(expiry),
      input.brand,
    ),
  };
}
