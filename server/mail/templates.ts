import { SECOND_MS } from '#server/durations';
import type { OutgoingMessage } from './mailer';

// Every message has a plain-text part (read by some clients and by the dev outbox log) and an HTML
// part. Text that came from users (names, company names) is escaped before it enters the HTML.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A paragraph of HTML, or a quoted block of someone's plain text (escaped here, line breaks kept). */
type Block = string | { quote: string };

function layout(
  title: string,
  paragraphs: Block[],
  action: { label: string; url: string },
  footnote: string,
): string {
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p style="margin:0 0 16px">${p}</p>`
        : `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #c7d2fe;color:#334155">${escapeHtml(p.quote).replace(/\r?\n/g, '<br>')}</blockquote>`,
    )
    .join('');
  return `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#fff;border:1px solid #e2e8f0;border-radius:12px">
<tr><td style="padding:32px">
<p style="margin:0 0 24px;font-weight:600;color:#4f46e5">Roundroom</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#475569">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>
<p style="margin:16px 0 0;font-size:13px;color:#475569">${footnote}</p>
</td></tr></table></td></tr></table></body></html>`;
}

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

interface InvitationInput {
  to: string;
  inviteeName: string | null;
  inviterName: string;
  companyName: string;
  link: string;
  expiresAt: Date;
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
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// Notifications to the founder (docs/decisions/0044-founder-notifications.md). Plain: one column, short
// lines, every link written out, readable on a phone and in a text-only client. Each carries its
// one-click unsubscribe in the footer and in List-Unsubscribe (RFC 2369, RFC 8058).

// Made on first use, not at import: the first Intl formatter of a process maps several MB of the node
// binary's ICU data, which an idle server never needs (ADR 67).
const makeUtcFormatters = () => ({
  dateTime: new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }),
  date: new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  time: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
});
let utcFormatters: ReturnType<typeof makeUtcFormatters> | undefined;
const utcFormat = () => {
  utcFormatters ??= makeUtcFormatters();
  return utcFormatters;
};

/** "Wed, 25 Nov 2026, 14:05 UTC". */
export function formatUtcDateTime(at: Date): string {
  return `${utcFormat().dateTime.format(at)} UTC`;
}

/** Reading time as a founder reads it: "45 s", "4 min 12 s", "1 h 5 min". */
export function formatReadingTime(ms: number): string {
  const seconds = Math.round(ms / SECOND_MS);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

export interface NotificationFooter {
  /** The founder's current choice, in the settings' words. */
  choiceLabel: string;
  settingsUrl: string;
  /**
   * The one-click unsubscribe, which turns the room's notifications off: on the owner's copy only, so a
   * co-founder's copy (or their mail provider) never turns them off for the owner.
   */
  unsubscribeUrl: string | null;
}

function footerLines(footer: NotificationFooter): string[] {
  return [
    `You get these e-mails because your data room's notifications are set to "${footer.choiceLabel}".`,
    `Change this: ${footer.settingsUrl}`,
    ...(footer.unsubscribeUrl ? [`Unsubscribe with one click: ${footer.unsubscribeUrl}`] : []),
  ];
}

function footerHtml(footer: NotificationFooter): string {
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#4f46e5">${escapeHtml(label)}</a>`;
  const unsubscribe = footer.unsubscribeUrl ? ` or ${link(footer.unsubscribeUrl, 'unsubscribe')}` : '';
  return `You get these e-mails because your data room's notifications are set to “${escapeHtml(footer.choiceLabel)}”. ${link(footer.settingsUrl, 'Change this')}${unsubscribe}.`;
}

function unsubscribeHeaders(footer: NotificationFooter): Record<string, string> {
  if (!footer.unsubscribeUrl) return {};
  return {
    'List-Unsubscribe': `<${footer.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function firstVisitEmail(input: {
  to: string;
  companyName: string;
  investorName: string;
  investorEmail: string;
  visitedAt: Date;
  /** Opened through their invitation link, without signing in. */
  viaInvitation: boolean;
  activityUrl: string;
  footer: NotificationFooter;
  messageId: string;
}): OutgoingMessage {
  const who = input.investorName ? `${input.investorName} (${input.investorEmail})` : input.investorEmail;
  const whoShort = input.investorName || input.investorEmail;
  const how = input.viaInvitation ? ' through their invitation link' : '';
  const sentence = `${who} opened the ${input.companyName} data room for the first time${how}, on ${formatUtcDateTime(input.visitedAt)}.`;
  return {
    to: input.to,
    subject: `${whoShort} opened your data room`,
    messageId: input.messageId,
    headers: unsubscribeHeaders(input.footer),
    text: [
      sentence,
      '',
      'See what they read:',
      input.activityUrl,
      '',
      '--',
      ...footerLines(input.footer),
    ].join('\n'),
    html: layout(
      `${whoShort} opened your data room`,
      [escapeHtml(sentence)],
      { label: 'See what they read', url: input.activityUrl },
      footerHtml(input.footer),
    ),
  };
}

/**
 * One line of a digest. A new kind of activity adds its kind here, a line in describeDigestEntry, and a
 * source in the digest's collector (notifications.service.ts).
 */
export type DigestEntry =
  | { kind: 'viewed'; title: string; readMs: number; views: number }
  | { kind: 'downloaded'; title: string; times: number }
  | { kind: 'clicked'; title: string; times: number }
  | { kind: 'accepted_nda'; signerName: string }
  | { kind: 'asked'; place: QuestionPlace };

export interface DigestInvestor {
  name: string;
  email: string;
  isFirstVisit: boolean;
  entries: DigestEntry[];
}

const times = (count: number) => (count === 1 ? '' : ` (${count} times)`);

export function describeDigestEntry(entry: DigestEntry): string {
  switch (entry.kind) {
    case 'viewed': {
      const views = entry.views === 1 ? '' : `, ${entry.views} views`;
      return entry.readMs > 0
        ? `Read “${entry.title}” for ${formatReadingTime(entry.readMs)}${views}`
        : `Opened “${entry.title}”${views}`;
    }
    case 'downloaded':
      return `Downloaded “${entry.title}”${times(entry.times)}`;
    case 'clicked':
      return `Opened the link “${entry.title}”${times(entry.times)}`;
    case 'accepted_nda':
      return `Accepted the NDA, signed “${entry.signerName}”`;
    case 'asked':
      return entry.place.kind === 'room'
        ? 'Asked a question about the data room'
        : `Asked a question about ${describeQuestionPlace(entry.place, '')}`;
  }
}

/** Lines per investor and investors per digest beyond which a digest says "and n more" and links to /admin. */
export const DIGEST_MAX_INVESTORS = 30;
export const DIGEST_MAX_ENTRIES = 12;

export function digestEmail(input: {
  to: string;
  companyName: string;
  cadence: 'hourly' | 'daily';
  windowStart: Date;
  windowEnd: Date;
  investors: DigestInvestor[];
  adminUrl: string;
  footer: NotificationFooter;
  messageId: string;
}): OutgoingMessage {
  const { date, time } = utcFormat();
  const period =
    input.cadence === 'daily'
      ? date.format(input.windowStart)
      : `${date.format(input.windowStart)}, ${time.format(input.windowStart)}–${time.format(input.windowEnd)} UTC`;
  const count = input.investors.length;
  const subject = `${input.companyName} data room: ${count === 1 ? '1 investor was' : `${count} investors were`} active`;
  const shown = input.investors.slice(0, DIGEST_MAX_INVESTORS);
  const hidden = count - shown.length;

  const textBlocks = shown.map((investor) => {
    const head = `${investor.name ? `${investor.name} (${investor.email})` : investor.email}${investor.isFirstVisit ? ' - first visit' : ''}`;
    const entries = investor.entries
      .slice(0, DIGEST_MAX_ENTRIES)
      .map((entry) => `- ${describeDigestEntry(entry)}`);
    const more = investor.entries.length - entries.length;
    if (more > 0) entries.push(`- and ${more} more`);
    if (entries.length === 0) entries.push('- Opened the data room');
    return [head, ...entries].join('\n');
  });
  const htmlBlocks = shown.map((investor) => {
    const name = investor.name
      ? `<strong>${escapeHtml(investor.name)}</strong> <span style="color:#475569">${escapeHtml(investor.email)}</span>`
      : `<strong>${escapeHtml(investor.email)}</strong>`;
    const badge = investor.isFirstVisit
      ? ' <span style="display:inline-block;white-space:nowrap;font-size:12px;color:#166534;background:#dcfce7;border-radius:4px;padding:1px 6px">first visit</span>'
      : '';
    const entries = investor.entries
      .slice(0, DIGEST_MAX_ENTRIES)
      .map((entry) => `<li style="margin:4px 0">${escapeHtml(describeDigestEntry(entry))}</li>`);
    const more = investor.entries.length - entries.length;
    if (more > 0) entries.push(`<li style="margin:4px 0">and ${more} more</li>`);
    if (entries.length === 0) entries.push('<li style="margin:4px 0">Opened the data room</li>');
    return `${name}${badge}<ul style="margin:6px 0 0;padding-left:20px">${entries.join('')}</ul>`;
  });
  const moreText = hidden > 0 ? [`And ${hidden} more investors: see your dashboard.`] : [];

  return {
    to: input.to,
    subject,
    messageId: input.messageId,
    headers: unsubscribeHeaders(input.footer),
    text: [
      `What investors did in the ${input.companyName} data room, ${period}:`,
      '',
      textBlocks.join('\n\n'),
      ...(moreText.length > 0 ? ['', ...moreText] : []),
      '',
      'Your dashboard:',
      input.adminUrl,
      '',
      '--',
      ...footerLines(input.footer),
    ].join('\n'),
    html: layout(
      `Investor activity, ${period}`,
      [
        `What investors did in the <strong>${escapeHtml(input.companyName)}</strong> data room:`,
        ...htmlBlocks,
        ...moreText.map(escapeHtml),
      ],
      { label: 'Open your dashboard', url: input.adminUrl },
      footerHtml(input.footer),
    ),
  };
}

/** "Notify investors": the founder's own words, as written (line breaks kept), and a link to the room. */
export function investorMessageEmail(input: {
  to: string;
  recipientName: string | null;
  founderName: string;
  founderEmail: string;
  companyName: string;
  message: string;
  roomUrl: string;
  messageId: string;
}): OutgoingMessage {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const intro = `${input.founderName} sent you a message about the ${input.companyName} data room:`;
  const why = `You get this e-mail because you were invited to the ${input.companyName} data room on Roundroom. Reply to write to ${input.founderName}.`;
  const quoted = escapeHtml(input.message).replace(/\r?\n/g, '<br>');
  return {
    to: input.to,
    subject: `${input.founderName} sent you a message about ${input.companyName}`,
    messageId: input.messageId,
    replyTo: input.founderEmail,
    text: [greeting, '', intro, '', input.message, '', 'Open the data room:', input.roomUrl, '', why].join(
      '\n',
    ),
    html: layout(
      `A message from ${input.companyName}`,
      [
        escapeHtml(greeting),
        escapeHtml(intro),
        `<span style="display:block;border-left:3px solid #c7d2fe;padding:4px 0 4px 12px;white-space:normal">${quoted}</span>`,
      ],
      { label: 'Open the data room', url: input.roomUrl },
      escapeHtml(why),
    ),
  };
}

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

/** To an investor who read a document whose founder replaced its file and asked to tell its readers (ADR 69). */
export function newVersionEmail(input: {
  to: string;
  recipientName: string | null;
  companyName: string;
  title: string;
  updatedAt: Date;
  documentUrl: string;
  messageId: string;
}): OutgoingMessage {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const line = `${input.companyName} updated "${input.title}" on ${formatUtcDateTime(input.updatedAt)}. You read the earlier version; the new one is ready to read.`;
  const why = `You get this e-mail because you read "${input.title}" in the ${input.companyName} data room on Roundroom.`;
  return {
    to: input.to,
    subject: `${input.companyName} updated ${input.title}`,
    messageId: input.messageId,
    text: [greeting, '', line, '', 'Read it:', input.documentUrl, '', why].join('\n'),
    html: layout(
      `${input.title} was updated`,
      [escapeHtml(greeting), escapeHtml(line)],
      { label: 'Read the new version', url: input.documentUrl },
      escapeHtml(why),
    ),
  };
}

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
  placeUrl: string;
  messageId: string;
}): OutgoingMessage {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const where = describeQuestionPlace(input.place, input.companyName);
  const line = input.isPublished
    ? `${input.companyName} answered your question about ${where}, and added the answer to the data room's questions and answers (without your name).`
    : `${input.companyName} answered your question about ${where}.`;
  const why = `You get this e-mail because you asked a question in the ${input.companyName} data room on Roundroom.`;
  return {
    to: input.to,
    subject: `${input.companyName} answered your question`,
    messageId: input.messageId,
    text: [
      greeting,
      '',
      line,
      '',
      'You asked:',
      input.question,
      '',
      'The answer:',
      input.answer,
      '',
      'See it in the data room:',
      input.placeUrl,
      '',
      why,
    ].join('\n'),
    html: layout(
      'Your question was answered',
      [escapeHtml(greeting), escapeHtml(line), { quote: input.question }, { quote: input.answer }],
      { label: 'See it in the data room', url: input.placeUrl },
      escapeHtml(why),
    ),
  };
}
