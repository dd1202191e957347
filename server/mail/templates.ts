import type { OutgoingMessage } from './mailer';

// Every message has a plain-text part (read by some clients and by the dev outbox log) and an HTML
// part. Text that came from users (names, company names) is escaped before it enters the HTML.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footnote: string,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
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
  companyNames: string[];
  expiresInMinutes: number;
}): OutgoingMessage {
  const rooms = input.companyNames.length > 0 ? input.companyNames.join(', ') : 'Roundroom';
  const subject = `Your sign-in link for ${rooms}`;
  const expiry = `This link expires in ${input.expiresInMinutes} minutes and works once.`;
  const ignore =
    'If you did not ask to sign in, you can ignore this e-mail: nobody can use it without this link.';
  return {
    to: input.to,
    subject,
    text: [`Sign in to the data room of ${rooms}:`, '', input.link, '', expiry, ignore].join('\n'),
    html: layout(
      `Sign in to ${rooms}`,
      [
        `Use the button below to open the data room of <strong>${escapeHtml(rooms)}</strong>.`,
        escapeHtml(expiry),
      ],
      { label: 'Sign in', url: input.link },
      escapeHtml(ignore),
    ),
  };
}

export function invitationEmail(input: {
  to: string;
  inviteeName: string | null;
  inviterName: string;
  companyName: string;
  link: string;
  expiresAt: Date;
}): OutgoingMessage {
  const greeting = input.inviteeName ? `Hello ${input.inviteeName},` : 'Hello,';
  const expiry = `The invitation is valid until ${input.expiresAt.toUTCString()} (7 days).`;
  const how =
    'Open the link to see the data room. To download files, sign in with this e-mail address: we send you a one-time sign-in link, no password needed.';
  return {
    to: input.to,
    subject: `${input.inviterName} invited you to the ${input.companyName} data room`,
    text: [
      greeting,
      '',
      `${input.inviterName} invited you to the ${input.companyName} data room on Roundroom.`,
      '',
      input.link,
      '',
      how,
      expiry,
    ].join('\n'),
    html: layout(
      `You are invited to the ${input.companyName} data room`,
      [
        escapeHtml(greeting),
        `${escapeHtml(input.inviterName)} invited you to the <strong>${escapeHtml(input.companyName)}</strong> data room on Roundroom.`,
        escapeHtml(how),
      ],
      { label: 'Open the data room', url: input.link },
      escapeHtml(expiry),
    ),
  };
}

/** A co-founder's invitation: they manage the room beside its owner, after signing in (ADR 47). */
export function editorInvitationEmail(input: {
  to: string;
  inviteeName: string | null;
  inviterName: string;
  companyName: string;
  link: string;
  expiresAt: Date;
}): OutgoingMessage {
  const greeting = input.inviteeName ? `Hello ${input.inviteeName},` : 'Hello,';
  const expiry = `The invitation is valid until ${input.expiresAt.toUTCString()} (7 days).`;
  const how =
    'Sign in with this e-mail address: we send you a one-time sign-in link, no password needed. You can then upload files, edit the sections, invite investors and see the analytics.';
  return {
    to: input.to,
    subject: `${input.inviterName} invited you to manage the ${input.companyName} data room`,
    text: [
      greeting,
      '',
      `${input.inviterName} invited you to manage the ${input.companyName} data room on Roundroom, as a co-founder.`,
      '',
      input.link,
      '',
      how,
      expiry,
    ].join('\n'),
    html: layout(
      `Manage the ${input.companyName} data room`,
      [
        escapeHtml(greeting),
        `${escapeHtml(input.inviterName)} invited you to manage the <strong>${escapeHtml(input.companyName)}</strong> data room on Roundroom, as a co-founder.`,
        escapeHtml(how),
      ],
      { label: 'Sign in', url: input.link },
      escapeHtml(expiry),
    ),
  };
}
