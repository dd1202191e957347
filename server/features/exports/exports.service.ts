import type { Writable } from 'node:stream';
import type { AppContext } from '#server/app-context';
import { DAY_MS } from '#server/durations';
import { findUsersByEmails } from '#server/features/accounts/index';
import { hasActivityInRoom } from '#server/features/documents/index';
import { investorDirectory, listInvitationIdsOfAddresses } from '#server/features/invitations/index';
import {
  investorEmailsOfGroup,
  investorStandingIn,
  type RoomUser,
  requireManagedRoom,
} from '#server/features/rooms/index';
import { investorEmailsOfShareLink } from '#server/features/share-links/index';
import { HttpError } from '#server/plugins/errors';
import { attachmentDisposition } from '#server/storage/download';
import type { ExportKind, ExportQuery } from '#shared/contracts/exports';
import type { ExportScope } from './export-thread-messages';
import { sendCsvFromWorker } from './export-worker-stream';

export interface CsvExport {
  contentDisposition: string;
  /** Writes the file to the response, read from the database as the client takes it. */
  sendTo(response: Writable): Promise<void>;
}

const investorNotFound = () =>
  new HttpError(404, 'not_found', 'That investor does not exist, or has never had access to your room.');

/**
 * The founder's room and the filters as a scope: whole UTC days, both inclusive, and an investor of the
 * room (a member, or someone whose history in it remains); anyone else is the same 404 as elsewhere.
 */
async function resolveScope(
  ctx: AppContext,
  manager: RoomUser,
  query: ExportQuery,
): Promise<{ scope: ExportScope; ownerId: string }> {
  const room = await requireManagedRoom(ctx, manager);
  const investor = query.investor ?? null;
  if (investor !== null) {
    // The room's owner and editors are not investors (docs/decisions/0047-room-editors.md).
    const [standing, hasHistory] = await Promise.all([
      investorStandingIn(ctx.db, room, investor),
      hasActivityInRoom(ctx.db, room.id, investor),
    ]);
    if (standing === 'manager' || (standing === 'none' && !hasHistory)) throw investorNotFound();
  }
  let group: ExportScope['group'] = null;
  if (query.group !== undefined || query.shareLink !== undefined) {
    // A group's people, a share link's readers (ADR 71), or those in both when both are given.
    const inGroup =
      query.group === undefined
        ? undefined
        : await investorEmailsOfGroup(ctx, investorDirectory, room.id, query.group);
    const byLink =
      query.shareLink === undefined
        ? undefined
        : await investorEmailsOfShareLink(ctx, room.id, query.shareLink);
    const emails = [...(inGroup ?? byLink ?? [])].filter((email) => !byLink || byLink.has(email));
    const [users, invitationIds] = await Promise.all([
      findUsersByEmails(ctx.db, emails),
      listInvitationIdsOfAddresses(ctx.db, room.id, emails),
    ]);
    group = { emails, userIds: [...users.values()].map((user) => user.id), invitationIds };
  }
  const scope = {
    roomId: room.id,
    fromMs: query.from ? Date.parse(`${query.from}T00:00:00Z`) : null,
    toMs: query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : null,
    userId: investor,
    group,
  };
  return { scope, ownerId: room.ownerId };
}

const FILE_NAMES: Record<ExportKind, string> = {
  'access-log': 'access-log',
  documents: 'document-analytics',
  investors: 'investor-analytics',
  'nda-acceptances': 'nda-acceptances',
  questions: 'questions',
};

/**
 * An export of the founder's room as a CSV stream, read from the database as it is sent, in a worker
 * thread of its own (export-worker-stream.ts).
 */
export async function exportCsv(
  ctx: AppContext,
  founder: RoomUser,
  kind: ExportKind,
  query: ExportQuery,
): Promise<CsvExport> {
  const { scope, ownerId } = await resolveScope(ctx, founder, query);
  const today = new Date().toISOString().slice(0, 10);
  const onError = (error: Error) =>
    ctx.log.error({ err: error, kind }, 'a CSV export failed while streaming');
  const job = { database: ctx.config.database, appUrl: ctx.config.appUrl, kind, scope, ownerId };
  return {
    contentDisposition: attachmentDisposition(`roundroom-${FILE_NAMES[kind]}-${today}.csv`),
    sendTo: (response) => sendCsvFromWorker(job, response, onError),
  };
}
