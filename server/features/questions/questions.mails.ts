import {
  footerHtml,
  footerLines,
  type NotificationFooter,
  unsubscribeHeaders,
} from '#server/features/notifications/index';
import { escapeHtml, layout, type MailBrandStyle } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';

/** Where a question was asked, as its mails name it: the room, a section, or a document and its page. */
export type QuestionPlace =
  | { kind: 'room' }
  | { kind: 'section'; section: string }
  | { kind: 'document'; title: string; page: number | null };

function describeQuestionPlace(place: QuestionPlace, companyName: string): string {
  if (place.kind === 'section') return `the section "${place.section}"`;
  if (place.kind === 'document')
    return place.page === null ? `"${place.title}"` : `page ${place.page} of "${place.title}"`;
  return `the ${companyName} data room`;
}

/** A question's line in a daily digest, which lists it instead of the mail at once (ADR 73). */
export function askedDigestLine(place: QuestionPlace): string {
  return place.kind === 'room'
    ? 'Asked a question about the data room'
    : `Asked a question about ${describeQuestionPlace(place, '')}`;
}

/**
 * To a room's managers: an investor asked a question (docs/decisions/0073-questions-and-answers.md). The
 * question is quoted as plain text (escaped in the HTML part); the inbox is where it is answered.
 */
export function newQuestionEmail(input: {
  to: string;
  companyName: string;
  askerName: string;
  askerEmail: string;
  place: QuestionPlace;
  question: string;
  inboxUrl: string;
  footer: NotificationFooter;
  messageId: string;
}): OutgoingMessage {
  const who = input.askerName ? `${input.askerName} (${input.askerEmail})` : input.askerEmail;
  const sentence = `${who} asked a question about ${describeQuestionPlace(input.place, input.companyName)}:`;
  const subject = `${input.askerName || input.askerEmail} asked a question`;
  return {
    to: input.to,
    subject,
    messageId: input.messageId,
    headers: unsubscribeHeaders(input.footer),
    text: [
      sentence,
      '',
      input.question,
      '',
      'Answer it:',
      input.inboxUrl,
      '',
      '--',
      ...footerLines(input.footer),
    ].join('\n'),
    html: layout(
      subject,
      [escapeHtml(sentence), { quote: input.question }],
      { label: 'Answer it', url: input.inboxUrl },
      footerHtml(input.footer),
    ),
  };
}

/** To the investor who asked: their question was answered, privately or in the room's FAQ. */
export function questionAnsweredEmail(input: {
  to: string;
  recipientName: string | null;
  companyName: string;
  place: QuestionPlace;
  question: string;
  answer: string;
  isPublished: boolean;
  /** The answer they were sent before was changed (edited in the FAQ, or replied to again). */
  isChange: boolean;
  placeUrl: string;
  /** Stops the answer mails to this reader about this room (ADR 92). */
  unsubscribeUrl: string;
  messageId: string;
  /** The room's brand, while it is on (docs/decisions/0094-the-founders-brand.md). */
  brand?: MailBrandStyle;
}): OutgoingMessage {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const where = describeQuestionPlace(input.place, input.companyName);
  const line = input.isChange
    ? `${input.companyName} changed the answer to your question about ${where}${input.isPublished ? ", in the data room's questions and answers" : ''}.`
    : input.isPublished
      ? `${input.companyName} answered your question about ${where}, and added the answer to the data room's questions and answers (without your name).`
      : `${input.companyName} answered your question about ${where}.`;
  const subject = input.isChange
    ? `${input.companyName} changed the answer to your question`
    : `${input.companyName} answered your question`;
  const why = `You get this e-mail because you asked a question in the ${input.companyName} data room on Roundroom.`;
  return {
    to: input.to,
    fromName: input.brand?.senderName,
    subject,
    messageId: input.messageId,
    // One-click (RFC 8058), as on the founders' mails: the link's POST needs no session.
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    text: [
      greeting,
      '',
      line,
      '',
      'You asked:',
      input.question,
      '',
      input.isChange ? 'The answer now:' : 'The answer:',
      input.answer,
      '',
      'See it in the data room:',
      input.placeUrl,
      '',
      why,
      `Stop e-mails about answers in this data room: ${input.unsubscribeUrl}`,
    ].join('\n'),
    html: layout(
      input.isChange ? 'The answer to your question changed' : 'Your question was answered',
      [escapeHtml(greeting), escapeHtml(line), { quote: input.question }, { quote: input.answer }],
      { label: 'See it in the data room', url: input.placeUrl },
      `${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#4f46e5">Stop e-mails about answers in this data room</a>.`,
      input.brand,
    ),
  };
}
