import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process: the app under test sends over SMTP to it, and tests read
 * the parsed messages back (magic links, invitations).
 */
export interface TestSmtpServer {
  /** For SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitForMessage(matches: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export function recipientsOf(mail: ParsedMail): string[] {
  const groups = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return groups.flatMap((group) => group.value.map((address) => address.address ?? ''));
}

export interface TestSmtpOptions {
  /** A fixed port (end-to-end tests tell the app server in advance); 0 picks a free one. */
  port?: number;
  /** Also write each raw message here as an .eml file, for readers in other processes. */
  saveTo?: string;
}

export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS for 127.0.0.1: on a closed network each lookup waits for a timeout.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (options.saveTo) {
          fs.mkdirSync(options.saveTo, { recursive: true });
          fs.writeFileSync(
            path.join(options.saveTo, `${Date.now()}-${messages.length}-${process.hrtime.bigint()}.eml`),
            raw,
          );
        }
        simpleParser(raw).then(
          (mail) => {
            messages.push(mail);
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client that vanishes mid-message (a server killed by a crash test) resets its connection; the
  // message is simply not delivered. Without a listener, smtp-server's 'error' would crash the run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage(matches, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(matches);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
