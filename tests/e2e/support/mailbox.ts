import fs from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { e2eMailDir } from '#tests/e2e/e2e-environment';
import { recipientsOf } from '#tests/support/smtp-server';

/** Waits for a message to `to` whose subject contains `subject`, received by the e2e SMTP server. */
export async function waitForMail(to: string, subject: string, timeoutMs = 10_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  for (;;) {
    const files = fs.existsSync(e2eMailDir) ? fs.readdirSync(e2eMailDir).sort().reverse() : [];
    for (const file of files) {
      if (seen.has(file)) continue;
      seen.add(file);
      const mail = await simpleParser(fs.readFileSync(path.join(e2eMailDir, file)));
      if (recipientsOf(mail).includes(to.toLowerCase()) && (mail.subject ?? '').includes(subject))
        return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function firstLinkStartingWith(mail: ParsedMail, prefix: string): string {
  const link = (mail.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in the mail "${mail.subject}"`);
  return link;
}
