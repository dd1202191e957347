import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { RunningServer } from './servers';
import { createBenchFounder } from './servers';

/** JSON over HTTP to a running server, failing loudly on an unexpected status. */
async function call(
  server: RunningServer,
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

/** The sign-in link the server wrote to its outbox (benchmarks run without SMTP). */
async function magicLinkToken(server: RunningServer, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      const match = /verify\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
      if (match?.[1] && (mail.text ?? '').length > 0 && JSON.stringify(mail.to).includes(email))
        return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in link for ${email} in ${outbox}`);
}

export interface BenchRoom {
  roomId: string;
  founderToken: string;
  investorToken: string;
}

/** A founder's room and a signed-in investor member of it, made through the API. */
export async function roomWithInvestor(server: RunningServer): Promise<BenchRoom> {
  const founder = await createBenchFounder(server.baseUrl);
  const room = (await call(server, 'GET', '/api/my-data-room', founder.token)) as { id: string };
  const email = `investor-${Date.now()}@example.com`;
  await call(server, 'POST', '/api/invites', founder.token, { email }, 201);
  await call(server, 'POST', '/api/auth/magic-link', null, { email, name: '' });
  const verified = (await call(server, 'POST', '/api/auth/verify', null, {
    token: await magicLinkToken(server, email),
  })) as {
    token: string;
  };
  return { roomId: room.id, founderToken: founder.token, investorToken: verified.token };
}

/** Saves the room's sections markdown as the founder. */
export async function saveSections(server: RunningServer, room: BenchRoom, content: string): Promise<void> {
  await call(server, 'POST', '/api/sections/update', room.founderToken, { content });
}

/** Uploads a file from disk as the founder, streamed; returns the download path. */
export async function uploadFile(
  server: RunningServer,
  room: BenchRoom,
  file: string,
  name: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), name);
  const response = await fetch(`${server.baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${room.founderToken}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}
