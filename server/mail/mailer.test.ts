import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseConfig } from '#server/config';
import { recipientsOf, startTestSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server';
import { createMailer, MailDeliveryError } from './mailer';

let smtp: TestSmtpServer;
let dataDir: string;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-mail-'));
});
afterAll(async () => {
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const message = {
  to: 'ann@example.com',
  subject: 'Your sign-in link for Acme',
  text: 'Open https://rr.example.com/verify?token=abc within 15 minutes.',
  html: '<p>Open <a href="https://rr.example.com/verify?token=abc">this link</a> within 15 minutes.</p>',
};

test('with SMTP_URL, a message reaches the SMTP server with its text and HTML parts', async () => {
  const config = parseConfig({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Roundroom <rooms@example.com>',
  });
  const mailer = createMailer(config, { info() {} });
  await mailer.send(message);
  mailer.close();

  const mail = await smtp.waitForMessage((m) => m.subject === message.subject);
  expect(recipientsOf(mail)).toEqual(['ann@example.com']);
  expect(mail.from?.value).toEqual([{ name: 'Roundroom', address: 'rooms@example.com' }]);
  expect(mail.text?.trim()).toBe(message.text);
  expect(mail.html).toContain('href="https://rr.example.com/verify?token=abc"');
});

test('an unreachable SMTP server is an error the caller sees, not a silent success', async () => {
  const config = parseConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:1' });
  const mailer = createMailer(config, { info() {} });
  await expect(mailer.send(message)).rejects.toBeInstanceOf(MailDeliveryError);
  mailer.close();
});

test('without SMTP_URL, the message is saved as an .eml in the outbox and its link is logged', async () => {
  const config = parseConfig({ DATA_DIR: dataDir });
  const logged: object[] = [];
  const mailer = createMailer(config, { info: (details) => logged.push(details) });
  await mailer.send(message);

  const outbox = path.join(dataDir, 'outbox');
  const files = fs.readdirSync(outbox);
  expect(files).toHaveLength(1);
  const eml = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
  expect(eml).toContain('Subject: Your sign-in link for Acme');
  expect(eml).toContain('Content-Type: text/html');
  expect(eml).toContain('Content-Type: text/plain');
  expect(logged).toEqual([
    expect.objectContaining({ to: 'ann@example.com', links: ['https://rr.example.com/verify?token=abc'] }),
  ]);
});
