import { SECOND_MS } from '#server/durations';
import { escapeHtml, layout, type MailBrandStyle } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';
import { formatUtcDateTime, utcFormat } from '#server/mail/utc-dates';

// Notifications to the founder (docs/decisions/0044-founder-notifications.md). Plain: one column, short
// lines, every link written out, readable on a phone and in a text-only client. Each carries its
// one-click unsubscribe in the footer and in List-Unsubscribe (RFC 2369, RFC 8058).

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

export function footerLines(footer: NotificationFooter): string[] {
  return [
    `You get these e-mails because your data room's notifications are set to "${footer.choiceLabel}".`,
    `Change this: ${footer.settingsUrl}`,
    ...(footer.unsubscribeUrl ? [`Unsubscribe with one click: ${footer.unsubscribeUrl}`] : []),
  ];
}

export function footerHtml(footer: NotificationFooter): string {
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#4f46e5">${escapeHtml(label)}</a>`;
  const unsubscribe = footer.unsubscribeUrl ? ` or ${link(footer.unsubscribeUrl, 'unsubscribe')}` : '';
  return `You get these e-mails because your data room's notifications are set to “${escapeHtml(footer.choiceLabel)}”. ${link(footer.settingsUrl, 'Change this')}${unsubscribe}.`;
}

export function unsubscribeHeaders(footer: NotificationFooter): Record<string, string> {
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
 * One line of a digest. The access log's lines and the NDA's are written here; a feature's notice writes
 * its own line (`notice`, the text as it reads), listed through its FounderNotice (notices.ts).
 */
export type DigestEntry =
  | { kind: 'viewed'; title: string; readMs: number; views: number }
  | { kind: 'downloaded'; title: string; times: number }
  | { kind: 'clicked'; title: string; times: number }
  | { kind: 'accepted_nda'; signerName: string }
  | { kind: 'notice'; text: string };

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
    case 'notice':
      return entry.text;
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
  /** The room's brand, while it is on (docs/decisions/0094-the-founders-brand.md). */
  brand?: MailBrandStyle;
}): OutgoingMessage {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const intro = `${input.founderName} sent you a message about the ${input.companyName} data room:`;
  const why = `You get this e-mail because you were invited to the ${input.companyName} data room on Roundroom. Reply to write to ${input.founderName}.`;
  const quoted = escapeHtml(input.message).replace(/\r?\n/g, '<br>');
  return {
    to: input.to,
    fromName: input.brand?.senderName,
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
      input.brand,
    ),
  };
}
