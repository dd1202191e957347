import {
  apiCall,
  outboxInvitationLinks,
  roomWithInvestor,
  saveSections,
  uploadFile,
} from '#bench/room-fixture';
import { createBenchFounder, type RunningServer, startRoundroom } from '#bench/servers';
import { sampleFiles } from '#scripts/sample-files';

/**
 * The app the scanners attack: the production build on loopback with a throwaway DATA_DIR (mail goes
 * to its outbox), seeded through the real API with the data an attacker would be after.
 */
export interface ScanFixture {
  server: RunningServer;
  /** Our origin, for the Origin header of cookie-authenticated writes (the CSRF check). */
  origin: string;
  /** Founder A's room: uploads, external links, an investor member and a pending invitation. */
  roomId: string;
  founderToken: string;
  /** Signed in through the real magic-link flow after accepting an invitation to A's room. */
  investorToken: string;
  /** An upload of A's room. */
  documentId: string;
  /** An external link written in A's sections markdown. */
  externalUrl: string;
  /** A's pending invitation: its link's token, its id and its e-mail. */
  inviteToken: string;
  invitationId: string;
  inviteeEmail: string;
  /** Founder B, of another room: aims at A's document and invitation, which it must not reach. */
  otherFounderToken: string;
  promoCode: string;
}

/** Accepted by this server only (PROMO_CODES), so the promo sign-up route can be scanned past its check. */
const SCAN_PROMO_CODE = 'SCAN-FREE-2026';

export const EXTERNAL_LINKS = [
  { title: 'Market sizing', url: 'https://docs.google.com/spreadsheets/d/1abcScan/edit' },
  { title: 'Analyst report', url: 'https://www.dropbox.com/s/xyz/analyst-report.pdf' },
];

export async function startScanFixture(): Promise<ScanFixture> {
  // The scanners send tens of thousands of requests from 127.0.0.1: startRoundroom raises every limit
  // meant for people (RAISED_RATE_LIMITS: a million per window, beyond what the audit sends).
  const server = await startRoundroom({ PROMO_CODES: SCAN_PROMO_CODE });
  try {
    const room = await roomWithInvestor(server);
    const uploads: string[] = [];
    const files = await sampleFiles();
    for (const file of files) {
      uploads.push(
        await uploadFile(server, room, new Blob([file.bytes]), file.name, file.section || undefined),
      );
    }
    const sections = (await apiCall(server, 'GET', '/api/sections/content', room.founderToken)) as {
      content: string;
    };
    const links = EXTERNAL_LINKS.map((link) => `- [${link.title}](${link.url})`).join('\n');
    await saveSections(
      server,
      room,
      sections.content.replace(
        '## Legal documents',
        `## Market research\nWho buys, and why now.\n${links}\n\n## Legal documents`,
      ),
    );

    const inviteeEmail = `partner-${Date.now()}@fund.example`;
    const invited = (await apiCall(
      server,
      'POST',
      '/api/invites',
      room.founderToken,
      {
        email: inviteeEmail,
        name: 'Pat Partner',
      },
      201,
    )) as { invitation: { id: string } };
    const other = await createBenchFounder(server.baseUrl);

    // The smallest upload is the one attacked: sqlmap compares whole responses, and a large file makes
    // each of its thousands of comparisons slow without testing anything more.
    const smallest = files.reduce(
      (best, file, index) => (file.bytes.length < (files[best]?.bytes.length ?? Infinity) ? index : best),
      0,
    );
    const documentId = /\/api\/documents\/([^/]+)\/download/.exec(uploads[smallest] ?? '')?.[1];
    if (!documentId) throw new Error(`unexpected upload path ${uploads[smallest]}`);
    return {
      server,
      origin: server.baseUrl,
      roomId: room.roomId,
      founderToken: room.founderToken,
      investorToken: room.investorToken,
      documentId,
      externalUrl: EXTERNAL_LINKS[0]?.url ?? '',
      inviteToken: await outboxInvitationLinks(server)(inviteeEmail),
      invitationId: invited.invitation.id,
      inviteeEmail,
      otherFounderToken: other.token,
      promoCode: SCAN_PROMO_CODE,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** More founders, each with a room, whose sessions take turns absorbing one upload scan. */
export async function createFounderPool(server: RunningServer, size: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < size; index++) tokens.push((await createBenchFounder(server.baseUrl)).token);
  return tokens;
}
