import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { recipientsOf, type TestSmtpServer } from '#tests/support/smtp-server';
import type { RunningServer } from './servers';
import { createBenchFounder } from './servers';

/** Where requests go: one server, or the load balancer in front of several. */
export type ServerAddress = Pick<RunningServer, 'baseUrl'>;

/** JSON over HTTP to a running server, failing loudly on an unexpected status. */
export async function apiCall(
  server: ServerAddress,
  method: string,
  urlPath: string,
  token: string | null,
  body?: unknown,
  status = 200,
) {
  const response = await fetch(`${server.baseUrl}${urlPath}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status !== status)
    throw new Error(`${method} ${urlPath}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

const signInToken = (text: string | undefined) => /verify\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
const invitationToken = (text: string | undefined) => /[?&]invite=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

/** Reads the magic-link token the server mailed to an address. */
export type SignInLinkReader = (email: string) => Promise<string>;

/** The token of the newest mail to an address in the outbox the server writes when it has no SMTP_URL. */
function outboxLinks(
  server: RunningServer,
  tokenIn: (text: string | undefined) => string | undefined,
  kind: string,
): (email: string) => Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  return async (email) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
      for (const file of files) {
        const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
        const token = tokenIn(mail.text);
        if (token && recipientsOf(mail).includes(email)) return token;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${kind} for ${email} in ${outbox}`);
  };
}

export const outboxSignInLinks = (server: RunningServer): SignInLinkReader =>
  outboxLinks(server, signInToken, 'sign-in link');

/** Invitation tokens (`/data-room?invite=`), from the outbox. */
export const outboxInvitationLinks = (server: RunningServer) =>
  outboxLinks(server, invitationToken, 'invitation link');

/** From a real SMTP server the app sends to (SMTP_URL): faster than re-reading an outbox of hundreds. */
export function smtpSignInLinks(smtp: TestSmtpServer): SignInLinkReader {
  return async (email) => {
    const mail = await smtp.waitForMessage(
      (message) => recipientsOf(message).includes(email) && signInToken(message.text) !== undefined,
    );
    return signInToken(mail.text) ?? '';
  };
}

export interface BenchInvestor {
  email: string;
  userId: string;
  token: string;
}

/**
 * An investor invited to every given room and signed in through the real magic-link flow: each
 * founder invites the address, the investor asks for a link, reads it from the mail and verifies it.
 */
export async function inviteAndSignIn(
  server: ServerAddress,
  founderTokens: string[],
  email: string,
  readSignInLink: SignInLinkReader,
): Promise<BenchInvestor> {
  for (const founderToken of founderTokens) {
    await apiCall(server, 'POST', '/api/invites', founderToken, { email }, 201);
  }
  await apiCall(server, 'POST', '/api/auth/magic-link', null, { email, name: '' });
  const verified = (await apiCall(server, 'POST', '/api/auth/verify', null, {
    token: await readSignInLink(email),
  })) as { token: string; user: { id: string } };
  return { email, userId: verified.user.id, token: verified.token };
}

export interface BenchRoom {
  roomId: string;
  founderToken: string;
  investorToken: string;
}

/** A founder's room and a signed-in investor member of it, made through the API. */
export async function roomWithInvestor(server: RunningServer): Promise<BenchRoom> {
  const founder = await createBenchFounder(server.baseUrl);
  const room = (await apiCall(server, 'GET', '/api/my-data-room', founder.token)) as { id: string };
  const investor = await inviteAndSignIn(
    server,
    [founder.token],
    `investor-${Date.now()}@example.com`,
    outboxSignInLinks(server),
  );
  return { roomId: room.id, founderToken: founder.token, investorToken: investor.token };
}

/** Saves the room's sections markdown as the founder. */
export async function saveSections(
  server: ServerAddress,
  room: Pick<BenchRoom, 'founderToken'>,
  content: string,
): Promise<void> {
  await apiCall(server, 'POST', '/api/sections/update', room.founderToken, { content });
}

/** A file of `bytes` that passes as a PDF (a PDF header, then spaces), written without holding it in memory. */
export function writePdf(file: string, bytes: number): void {
  const handle = fs.openSync(file, 'w');
  try {
    fs.writeSync(handle, '%PDF-1.7\n');
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let written = 9; written < bytes; ) {
      const size = Math.min(chunk.length, bytes - written);
      fs.writeSync(handle, chunk, 0, size);
      written += size;
    }
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Uploads a file as the founder (from disk, streamed, or bytes in memory), into `section` when given;
 * returns the download path.
 */
export async function uploadFile(
  server: ServerAddress,
  room: Pick<BenchRoom, 'founderToken'>,
  file: string | Blob,
  name: string,
  section?: string,
): Promise<string> {
  const form = new FormData();
  if (section) form.append('section', section);
  form.append('file', typeof file === 'string' ? await fs.openAsBlob(file) : file, name);
  const response = await fetch(`${server.baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${room.founderToken}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}
