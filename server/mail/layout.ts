// The frame every mail shares (Roundroom's header, a title, the paragraphs, one action with its link
// written out, a footnote) and the escaping of what users wrote. A feature keeps its own wording beside
// its code, in <feature>.mails.ts, and builds its messages with this (docs/decisions/0082-features-own-their-mails.md).
//
// Every message has a plain-text part (read by some clients and by the dev outbox log) and an HTML
// part. Text that came from users (names, company names) is escaped before it enters the HTML.

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A paragraph of HTML, or a quoted block of someone's plain text (escaped here, line breaks kept). */
export type Block = string | { quote: string };

/**
 * A room's brand as its investors' mails draw it (docs/decisions/0094-the-founders-brand.md): the logo or
 * the company's name at the top, the accent colour on the button, and Roundroom's line at the foot only
 * where the founder kept it. The brand module gives it; the sender's name goes on the message.
 */
export interface MailBrandStyle {
  senderName: string;
  companyName: string;
  /** An absolute URL of a PNG; null for the company's name in text. */
  logoUrl: string | null;
  accentColor: string | null;
  showsRoundroom: boolean;
}

const ROUNDROOM_INDIGO = '#4f46e5';

function headerOf(brand: MailBrandStyle | undefined): string {
  if (!brand) return `<p style="margin:0 0 24px;font-weight:600;color:${ROUNDROOM_INDIGO}">Roundroom</p>`;
  if (brand.logoUrl)
    return `<p style="margin:0 0 24px"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.companyName)}" height="40" style="display:block;height:40px;max-width:220px;border:0"></p>`;
  return `<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:${brand.accentColor ?? ROUNDROOM_INDIGO}">${escapeHtml(brand.companyName)}</p>`;
}

export function layout(
  title: string,
  paragraphs: Block[],
  action: { label: string; url: string },
  footnote: string,
  brand?: MailBrandStyle,
): string {
  const accent = brand?.accentColor ?? ROUNDROOM_INDIGO;
  const footer =
    brand?.showsRoundroom === true
      ? '<p style="margin:16px 0 0;font-size:12px;color:#64748b;text-align:center">Shared securely with Roundroom</p>'
      : '';
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p style="margin:0 0 16px">${p}</p>`
        : `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid ${brand?.accentColor ?? '#c7d2fe'};color:#334155">${escapeHtml(p.quote).replace(/\r?\n/g, '<br>')}</blockquote>`,
    )
    .join('');
  return `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#fff;border:1px solid #e2e8f0;border-radius:12px">
<tr><td style="padding:32px">
${headerOf(brand)}
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${accent};color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#475569">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>
<p style="margin:16px 0 0;font-size:13px;color:#475569">${footnote}</p>
</td></tr></table>${footer}</td></tr></table></body></html>`;
}
