import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { HttpError } from '#server/plugins/errors';
import { emitWebhookEvent } from '#server/webhooks/webhook-events';
import {
  type AdminNdaAcceptance,
  MAX_NDA_TEXT_LENGTH,
  type NdaAcceptRequest,
  type NdaSettings,
  type NdaSettingsRequest,
  ndaRecordPath,
} from '#shared/contracts/nda';
import { findSectionsLimitProblem } from '#shared/sections-markdown';
import {
  type AcceptanceOfVersion,
  type AcceptanceWithVersion,
  countAcceptances,
  findAcceptanceOf,
  findNdaVersion,
  findRoomAcceptance,
  insertAcceptance,
  insertNdaVersion,
  listRoomAcceptances,
  type NdaVersion,
} from './nda.repository';
import { ndaPromptOf } from './nda-gate';
import { findInvitedRoom, roomReadingOf } from './readability';
import type { RoomInvitations } from './room-invitations';
import type { RoomPeople } from './room-people';
import { type DataRoom, findDataRoomById, lockRoomRow, updateDataRoom } from './rooms.repository';
import { requireManagedRoom } from './rooms.service';
import type { InvitationLinks, RoomActivity, RoomUser } from './visitors';

/**
 * The NDA before entry (docs/decisions/0045-nda-before-entry.md): the founder's setting and its versions,
 * investors' acceptances, and the founder's list of them. The gate itself is nda-gate.ts.
 */

/** The hex SHA-256 of a text's UTF-8 bytes: `sha256sum` of the same text gives the same. */
export function ndaTextSha256(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

async function settingsOf(ctx: AppContext, room: DataRoom): Promise<NdaSettings> {
  const version = room.ndaVersionId ? await findNdaVersion(ctx.db, room.id, room.ndaVersionId) : undefined;
  return {
    isRequired: room.isNdaRequired,
    text: version?.text ?? '',
    version: version
      ? { id: version.id, sha256: version.sha256, createdAt: version.createdAt.toISOString() }
      : null,
    acceptedCount: version ? await countAcceptances(ctx.db, version.id) : 0,
  };
}

export async function getNdaSettings(ctx: AppContext, founder: RoomUser): Promise<NdaSettings> {
  return settingsOf(ctx, await requireManagedRoom(ctx, founder));
}

const refuseText = (message: string) =>
  new HttpError(400, 'invalid_nda', `text: ${message}`, { field: 'text' });

/**
 * Saves the room's NDA switch and text. A text different from the current one is a new version, which
 * everyone accepts again (the old acceptances stay, proving what was accepted then); the same text keeps
 * the version and its acceptances. Turning it on needs a text. The text is markdown within the sections'
 * structural limits (ADR 26), so every reader's browser can render it.
 */
export async function saveNdaSettings(
  ctx: AppContext,
  founder: RoomUser,
  request: NdaSettingsRequest,
): Promise<NdaSettings> {
  const room = await requireManagedRoom(ctx, founder);
  const text = request.text;
  if (request.isRequired && text === '')
    throw refuseText('write the agreement investors must accept before turning the NDA on.');
  const problem = text === '' ? undefined : findSectionsLimitProblem(text);
  if (problem) throw refuseText(problem.message);
  if (text.length > MAX_NDA_TEXT_LENGTH) throw new Error('unreachable: checked by the schema');

  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    // Under the room's lock: two saves at once make one version each, in turn, never two current ones.
    await lockRoomRow(trx, ctx.config.database.dialect, room.id);
    const current = (await findDataRoomById(trx, room.id)) ?? room;
    const currentVersion = current.ndaVersionId
      ? await findNdaVersion(trx, room.id, current.ndaVersionId)
      : undefined;
    let ndaVersionId = current.ndaVersionId;
    if (text === '') ndaVersionId = null;
    else if (currentVersion?.text !== text) {
      const version: NdaVersion = {
        id: crypto.randomUUID(),
        roomId: room.id,
        text,
        sha256: ndaTextSha256(text),
        createdBy: founder.id,
        createdAt: now,
      };
      await insertNdaVersion(trx, version);
      ndaVersionId = version.id;
    }
    await updateDataRoom(trx, room.id, { isNdaRequired: request.isRequired, ndaVersionId }, now);
  });
  return settingsOf(ctx, (await findDataRoomById(ctx.db, room.id)) ?? room);
}

interface Acceptor {
  userId: string | null;
  invitationId: string | null;
  email: string;
}

interface RequestFacts {
  ip: string;
  userAgent: string | undefined;
}

/**
 * Stores an acceptance of the room's current NDA version by this address. Refused, writing nothing, when
 * the room asks for no NDA (409 nda_not_required) or the page showed an older version (409 nda_changed,
 * with the current one to show). Accepting again is not an error: the first acceptance stands.
 */
async function accept(
  ctx: AppContext,
  room: DataRoom,
  acceptor: Acceptor,
  request: NdaAcceptRequest,
  facts: RequestFacts,
) {
  if (!room.isNdaRequired || !room.ndaVersionId)
    throw new HttpError(
      409,
      'nda_not_required',
      'This data room asks for no NDA: there is nothing to accept.',
    );
  const version = await findNdaVersion(ctx.db, room.id, room.ndaVersionId);
  if (!version) throw new Error(`room ${room.id} names a missing NDA version`);
  if (request.versionId !== version.id) {
    throw new HttpError(
      409,
      'nda_changed',
      'The agreement changed while you were reading it. Read the new version, then accept it. Nothing was saved.',
      { nda: ndaPromptOf(room, version) },
    );
  }
  const acceptance = {
    id: crypto.randomUUID(),
    roomId: room.id,
    versionId: version.id,
    userId: acceptor.userId,
    invitationId: acceptor.invitationId,
    email: acceptor.email,
    signerName: request.signerName,
    acceptedAt: new Date(),
    ip: facts.ip,
    userAgent: facts.userAgent?.slice(0, 500) ?? null,
  };
  // The acceptance and its webhook deliveries commit together (docs/decisions/0052-webhooks.md); a repeat
  // acceptance writes nothing, so it sends nothing either.
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await insertAcceptance(trx, acceptance))) return;
    await emitWebhookEvent(
      trx,
      room.id,
      'nda.accepted',
      {
        roomId: room.id,
        acceptanceId: acceptance.id,
        versionId: version.id,
        email: acceptance.email,
        signerName: acceptance.signerName,
        acceptedAt: acceptance.acceptedAt.toISOString(),
      },
      acceptance.acceptedAt,
    );
  });
  const stored = await findAcceptanceOf(ctx.db, version.id, acceptor.email);
  if (!stored) throw new Error('an acceptance just written is missing');
  return {
    acceptance: {
      id: stored.id,
      versionId: stored.versionId,
      signerName: stored.signerName,
      acceptedAt: stored.acceptedAt.toISOString(),
    },
  };
}

const ROOM_NOT_FOUND = 'That data room does not exist, or you do not have access to it.';

/** A signed-in member accepts the room's NDA (the owner has nothing to accept: 409 nda_not_required). */
export async function acceptNdaAsMember(
  ctx: AppContext,
  invitations: RoomInvitations,
  user: RoomUser & { email: string },
  roomId: string,
  request: NdaAcceptRequest,
  facts: RequestFacts,
  activity: RoomActivity,
) {
  const reading = await roomReadingOf(ctx, invitations, { user, roomId });
  if (!reading) throw new HttpError(404, 'not_found', ROOM_NOT_FOUND);
  if (reading.room.readerManagesRoom)
    throw new HttpError(
      409,
      'nda_not_required',
      reading.room.ownerId === user.id
        ? 'You own this data room: there is nothing to accept.'
        : 'You manage this data room as a co-founder: there is nothing to accept.',
    );
  const accepted = await accept(
    ctx,
    reading.room,
    { userId: user.id, invitationId: null, email: user.email },
    request,
    facts,
  );
  // The founder's digest tells of it (notifications).
  await activity.record({ roomId: reading.room.id, visitor: { userId: user.id }, isAction: true });
  return accepted;
}

/** The holder of an invitation link accepts the room's NDA in the invited view, for the invited address. */
export async function acceptNdaByInvitation(
  ctx: AppContext,
  invitations: RoomInvitations,
  invitationLinks: InvitationLinks,
  token: string,
  request: NdaAcceptRequest,
  facts: RequestFacts,
  activity: RoomActivity,
) {
  const { room, invitation } = await findInvitedRoom(ctx, invitations, invitationLinks, token);
  const accepted = await accept(
    ctx,
    room,
    { userId: null, invitationId: invitation.id, email: invitation.email },
    request,
    facts,
  );
  await activity.record({ roomId: room.id, visitor: { invitationId: invitation.id }, isAction: true });
  return accepted;
}

/** /admin's list holds the newest acceptances; the CSV export has them all. */
const ADMIN_LIST_LIMIT = 500;

function toAdminAcceptance(room: DataRoom, acceptance: AcceptanceWithVersion): AdminNdaAcceptance {
  return {
    id: acceptance.id,
    signerName: acceptance.signerName,
    email: acceptance.email,
    investorName: acceptance.userName,
    via: acceptance.userId !== null || acceptance.invitationId === null ? 'signed_in' : 'invitation',
    acceptedAt: acceptance.acceptedAt.toISOString(),
    ip: acceptance.ip,
    versionId: acceptance.versionId,
    versionSha256: acceptance.versionSha256,
    isCurrentVersion: acceptance.versionId === room.ndaVersionId,
    recordUrl: ndaRecordPath(acceptance.id),
  };
}

/**
 * Each acceptance with its signer's account name (null when they had none, or it is gone): one query for
 * the page's accounts, through `people`, as the left join it replaces named them.
 */
async function withUserNames<Acceptance extends AcceptanceOfVersion>(
  db: DatabaseExecutor,
  people: RoomPeople,
  acceptances: Acceptance[],
): Promise<(Acceptance & { userName: string | null })[]> {
  const userIds = acceptances.flatMap((acceptance) =>
    acceptance.userId === null ? [] : [acceptance.userId],
  );
  const users = await people.usersByIds(db, userIds);
  return acceptances.map((acceptance) => ({
    ...acceptance,
    userName: acceptance.userId === null ? null : (users.get(acceptance.userId)?.name ?? null),
  }));
}

/** The founder's room's acceptances, newest first. */
export async function listNdaAcceptances(
  ctx: AppContext,
  people: RoomPeople,
  founder: RoomUser,
): Promise<AdminNdaAcceptance[]> {
  const room = await requireManagedRoom(ctx, founder);
  const acceptances = await listRoomAcceptances(ctx.db, room.id, { limit: ADMIN_LIST_LIMIT });
  return (await withUserNames(ctx.db, people, acceptances)).map((acceptance) =>
    toAdminAcceptance(room, acceptance),
  );
}

/**
 * A room's acceptances after `since`, newest first (at most `limit`): for the founder's notifications
 * digest, which lists new acceptances. The caller has the room already (it is not a request's).
 */
export async function listNdaAcceptancesSince(
  ctx: AppContext,
  people: RoomPeople,
  roomId: string,
  since: Date,
  limit = ADMIN_LIST_LIMIT,
): Promise<AcceptanceWithVersion[]> {
  return withUserNames(ctx.db, people, await listRoomAcceptances(ctx.db, roomId, { since, limit }));
}

/** One acceptance of the founder's room with its version's text, for its PDF record; 404 otherwise. */
export async function findNdaAcceptanceRecord(
  ctx: AppContext,
  people: RoomPeople,
  founder: RoomUser,
  acceptanceId: string,
) {
  const room = await requireManagedRoom(ctx, founder);
  const acceptance = await findRoomAcceptance(ctx.db, room.id, acceptanceId);
  if (!acceptance) throw new HttpError(404, 'not_found', 'That NDA acceptance does not exist.');
  const [named] = await withUserNames(ctx.db, people, [acceptance]);
  return { room, acceptance: named ?? { ...acceptance, userName: null } };
}
