import { startTestSmtpServer } from '#tests/support/smtp-server';
import { e2eMailDir, e2eSmtpPort } from './e2e-environment';

/**
 * A real SMTP server for the app under test. It writes every message to e2eMailDir, where tests in
 * the worker processes read them (tests/e2e/support/mailbox.ts).
 */
export default async function globalSetup() {
  const smtp = await startTestSmtpServer({ port: e2eSmtpPort, saveTo: e2eMailDir });
  return () => smtp.close();
}
