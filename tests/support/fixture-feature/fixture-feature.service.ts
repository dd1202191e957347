import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { type FounderNotice, noteFounderNotice } from '#server/features/notifications/index';
import { href } from '#shared/routes';
import { pingedDigestLine, pingSentEmail } from './fixture-feature.mails';

interface Ping {
  id: string;
  roomId: string;
  email: string;
  name: string;
  at: Date;
}

const pings: Ping[] = [];

/** The founders' notice of pings: a line per investor in the hourly or daily digest. */
export const pingNotice: FounderNotice = {
  kind: 'ping',
  async digestLines(_ctx, roomId, { start, end }) {
    const inWindow = pings.filter((ping) => ping.roomId === roomId && ping.at >= start && ping.at < end);
    const emails = [...new Set(inWindow.map((ping) => ping.email))];
    return emails.map((email) => {
      const theirs = inWindow.filter((ping) => ping.email === email);
      return { key: email, email, name: theirs[0]?.name ?? '', text: pingedDigestLine(theirs.length) };
    });
  },
};

/** An investor pings the room's founders: noted for their digest, and the investor is told by mail. */
export async function pingFounders(
  ctx: AppContext,
  ping: { roomId: string; companyName: string; email: string; name: string },
): Promise<void> {
  const noted: Ping = { id: crypto.randomUUID(), at: new Date(), ...ping };
  await ctx.db.transaction().execute(async (trx) => {
    await noteFounderNotice(trx, pingNotice, { roomId: ping.roomId, subjectId: noted.id, at: noted.at });
    pings.push(noted);
  });
  ctx.jobs.wake();
  await ctx.mailer.send(
    pingSentEmail({
      to: ping.email,
      companyName: ping.companyName,
      roomUrl: `${ctx.config.appUrl}${href('dataRoomById', { id: ping.roomId })}`,
    }),
  );
}
