import type { AppContext } from '#server/app-context';
import { findUsersByIds, peopleOfRooms } from '#server/features/accounts/index';
import { listInvestorEventsInWindow } from '#server/features/documents/index';
import { findInvitationsByIds } from '#server/features/invitations/index';
import { listReadingInWindow } from '#server/features/reading-analytics/index';
import { listManagers, listNdaAcceptancesSince } from '#server/features/rooms/index';
import type { FounderNotice } from './notices';
import type { DigestEntry, DigestInvestor } from './notifications.mails';
import { type FounderNotification, listFirstVisitsInWindow } from './notifications.repository';

// A digest's lines, collected from every source of the window's activity.

type DigestLines = Map<string, DigestInvestor & { lines: Map<string, DigestEntry> }>;

/** The investor's lines of the digest, added on their first mention. */
function investorLines(investors: DigestLines, email: string, name: string) {
  let found = investors.get(email);
  if (!found) {
    found = { email, name, isFirstVisit: false, entries: [], lines: new Map() };
    investors.set(email, found);
  }
  return found;
}

/**
 * Investors' logged actions in the window, with who: the user, or the invitation for the invited view.
 * Events of the room's owner, and of any member who is not an investor, are not investor activity. The
 * events are documents', the managers rooms', the names accounts' and invitations', each one query
 * (docs/decisions/0085-modules-own-their-tables.md).
 */
async function listInvestorEvents(ctx: AppContext, roomId: string, start: Date, end: Date) {
  const managers = await listManagers(ctx, peopleOfRooms, roomId);
  const events = await listInvestorEventsInWindow(
    ctx.db,
    roomId,
    { start, end },
    managers.map((manager) => manager.id),
  );
  const [users, invitations] = await Promise.all([
    findUsersByIds(
      ctx.db,
      events.flatMap((event) => (event.userId === null ? [] : [event.userId])),
    ),
    findInvitationsByIds(
      ctx.db,
      events.flatMap((event) => (event.invitationId === null ? [] : [event.invitationId])),
    ),
  ]);
  return events.map((event) => {
    const user = event.userId === null ? undefined : users.get(event.userId);
    const invitation = event.invitationId === null ? undefined : invitations.get(event.invitationId);
    return {
      ...event,
      userEmail: user?.email ?? null,
      userName: user?.name ?? null,
      invitedEmail: invitation?.email ?? null,
      invitedName: invitation?.name ?? null,
    };
  });
}

/** The access log's lines: views with their reading time, downloads and clicks counted. */
function addEventLines(
  investors: DigestLines,
  events: Awaited<ReturnType<typeof listInvestorEvents>>,
  reading: Awaited<ReturnType<typeof listReadingInWindow>>,
): void {
  const readingOf = new Map(reading.map((row) => [`${row.userId}:${row.documentId}`, row]));
  for (const event of events) {
    const email = event.userEmail ?? event.invitedEmail;
    if (!email) continue;
    const who = investorLines(investors, email, event.userName ?? event.invitedName ?? '');
    const lineKey = `${event.action}:${event.documentId ?? event.documentTitle}`;
    const line = who.lines.get(lineKey);
    if (event.action === 'viewed') {
      const read = readingOf.get(`${event.userId}:${event.documentId}`);
      if (line?.kind === 'viewed') continue;
      who.lines.set(lineKey, {
        kind: 'viewed',
        title: event.documentTitle,
        readMs: read?.readMs ?? 0,
        views: read?.viewCount ?? 1,
      });
    } else if (line?.kind === 'downloaded' || line?.kind === 'clicked') line.times += 1;
    else who.lines.set(lineKey, { kind: event.action, title: event.documentTitle, times: 1 });
  }
}

/** The digest's investors, in the order they first did something, from every source of activity. */
export async function collectDigest(
  ctx: AppContext,
  notices: FounderNotice[],
  notification: FounderNotification,
): Promise<DigestInvestor[]> {
  const start = notification.windowStartAt ?? new Date(0);
  const end = notification.windowEndAt ?? new Date(0);
  const roomId = notification.roomId;
  const [events, reading, firstVisits, ndaAcceptances] = await Promise.all([
    listInvestorEvents(ctx, roomId, start, end),
    listReadingInWindow(ctx.db, roomId, start, end),
    listFirstVisitsInWindow(ctx.db, roomId, start, end),
    // `since` is exclusive: one millisecond back keeps an acceptance made at the window's first instant.
    listNdaAcceptancesSince(ctx, peopleOfRooms, roomId, new Date(start.getTime() - 1)),
  ]);
  const investors: DigestLines = new Map();
  // Sources of a digest's lines: the access log, then the NDA acceptances of the window.
  addEventLines(investors, events, reading);
  for (const acceptance of ndaAcceptances) {
    if (acceptance.acceptedAt.getTime() >= end.getTime()) continue;
    const who = investorLines(investors, acceptance.email, acceptance.userName ?? acceptance.signerName);
    who.lines.set(`nda:${acceptance.id}`, { kind: 'accepted_nda', signerName: acceptance.signerName });
  }
  const firstVisitors = new Set(firstVisits.map((visit) => visit.investorEmail));
  const isDaily = notification.kind === 'daily';
  // Daily digests replace the mail at once: a visit alone is news, and so is a notice told at once (a
  // question, ADR 73). Then the features' notices (notices.ts), each line in its feature's words.
  if (isDaily)
    for (const visit of firstVisits) investorLines(investors, visit.investorEmail, visit.investorName);
  for (const notice of notices.filter((known) => isDaily || !known.atOnce)) {
    for (const line of await notice.digestLines(ctx, roomId, { start, end })) {
      const who = investorLines(investors, line.email, line.name);
      who.lines.set(`${notice.kind}:${line.key}`, { kind: 'notice', text: line.text });
    }
  }
  return [...investors.values()].map(({ lines, ...rest }) => ({
    ...rest,
    isFirstVisit: firstVisitors.has(rest.email),
    entries: [...lines.values()],
  }));
}
