import nodemailer from 'nodemailer';
import { startTestSmtpServer } from '#tests/support/smtp-server';
import { type BudgetRow, ms, percentile } from './report';
import { createBenchFounder, startRoundroom } from './servers';

const SAMPLES = 100;
const P95_BUDGET_MS = 50;

const p95 = (values: number[]) => percentile(values, 0.95);

/**
 * From POST /api/auth/magic-link to the message being accepted by a local SMTP server, p95 over
 * sequential requests. Beside it: nodemailer handing the same server a message directly, the floor.
 */
export async function measureMagicLinkLatency(): Promise<BudgetRow> {
  const smtp = await startTestSmtpServer();
  const ours = await startRoundroom({ SMTP_URL: smtp.url });
  try {
    const { email } = await createBenchFounder(ours.baseUrl);
    const oursMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const expected = smtp.messages.length + 1;
      const started = performance.now();
      const response = await fetch(`${ours.baseUrl}/api/auth/magic-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, name: '' }),
      });
      if (response.status !== 200) throw new Error(`magic link request failed: ${response.status}`);
      await smtp.waitForMessage(() => smtp.messages.length >= expected);
      oursMs.push(performance.now() - started);
    }

    const transport = nodemailer.createTransport(`${smtp.url}?pool=true`);
    const directMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      await transport.sendMail({
        from: 'bench@example.com',
        to: email,
        subject: 'baseline',
        text: 'baseline',
      });
      directMs.push(performance.now() - started);
    }
    transport.close();

    return {
      budget: 'magic link accepted by SMTP, p95 <= 50 ms',
      measured: ms(p95(oursMs)),
      baseline: `${ms(p95(directMs))} (pooled nodemailer straight to SMTP)`,
      pass: p95(oursMs) <= P95_BUDGET_MS,
    };
  } finally {
    await ours.stop();
    await smtp.close();
  }
}
