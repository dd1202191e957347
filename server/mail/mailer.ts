import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Config } from '#server/config';
import { cachedUntilRejected } from '#server/workers/entry-file';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (List-Unsubscribe on notifications). */
  headers?: Record<string, string>;
  /** A stable Message-ID, so a copy sent again is recognisably the same message. */
  messageId?: string;
  /** Where a reply goes when it is not to us (a founder's message to investors goes back to the founder). */
  replyTo?: string;
  /**
   * The sender's name instead of the configured one ("Jane Doe at Acme" for a branded room's investor,
   * docs/decisions/0094-the-founders-brand.md); the address stays the server's.
   */
  fromName?: string;
}

/** The From of a message: the configured sender, or its address under the message's own name. */
export function senderOf(
  from: string,
  fromName: string | undefined,
): string | { name: string; address: string } {
  if (!fromName) return from;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return { name: fromName, address };
}

const nodemailerMessage = (from: string, { fromName, ...message }: OutgoingMessage) => ({
  ...message,
  from: senderOf(from, fromName),
});

export interface Mailer {
  /** Resolves once the message is accepted for delivery; rejects with MailDeliveryError otherwise. */
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** The message could not be handed over. Callers answer an error: a lost sign-in link is never a success. */
export class MailDeliveryError extends Error {}

interface MailLog {
  info(details: object, message: string): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise the development outbox: each message is written to
 * DATA_DIR/outbox as an .eml file and its links are logged, so a fresh install can sign in without
 * a mail server (docs/decisions/0007-mail-outbox.md).
 */
export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, log: MailLog): Mailer {
  return config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mail.from, log);
}

/**
 * A transport made with the first message, not at start: nodemailer is about 3 MB of heap that an idle
 * server need not hold (docs/decisions/0067). Closing before it exists closes it as soon as it is made.
 */
function onFirstMessage<T extends { close(): void }>(create: (mail: typeof nodemailer) => T) {
  let made: T | undefined;
  let closed = false;
  return {
    // A failed load or transport is forgotten: the next message tries again.
    get: cachedUntilRejected(async () => {
      const { default: mail } = await import('nodemailer');
      made = create(mail);
      if (closed) made.close();
      return made;
    }),
    close() {
      closed = true;
      made?.close();
    },
  };
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // A pool keeps connections to the relay open: no TCP, TLS and greeting round trip per sign-in link.
  const pooled = new URL(smtpUrl);
  pooled.searchParams.set('pool', 'true');
  const transport = onFirstMessage((mail) => mail.createTransport(pooled.toString()));
  return {
    async send(message) {
      try {
        await (await transport.get()).sendMail(nodemailerMessage(from, message));
      } catch (error) {
        throw new MailDeliveryError(`The mail server refused the message: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
    close: () => transport.close(),
  };
}

function createOutboxMailer(outboxDir: string, from: string, log: MailLog): Mailer {
  const transport = onFirstMessage((mail) =>
    mail.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      try {
        const info = await (await transport.get()).sendMail(nodemailerMessage(from, message));
        await fs.mkdir(outboxDir, { recursive: true });
        const file = path.join(outboxDir, `${Date.now()}-${crypto.randomUUID()}.eml`);
        await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        log.info({ to: message.to, subject: message.subject, links, file }, 'mail written to the outbox');
      } catch (error) {
        throw new MailDeliveryError(
          `The message could not be written to the outbox: ${(error as Error).message}`,
          {
            cause: error,
          },
        );
      }
    },
    close: () => transport.close(),
  };
}
