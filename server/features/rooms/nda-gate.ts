import type { DatabaseExecutor } from '#server/db/schema';
import { HttpError } from '#server/plugins/errors';
import type { NdaPrompt } from '#shared/contracts/nda';
import { findNdaVersion, hasAcceptedVersion, type NdaVersion } from './nda.repository';
import type { RoomInvitations } from './room-invitations';
import type { DataRoom } from './rooms.repository';
import type { RoomUser } from './visitors';

/**
 * The NDA before entry as the one rule every read of a room goes through (readability.ts: findReadableRoom for
 * members, requireInvitedRoom for the invited view; docs/decisions/0045-nda-before-entry.md): while the room asks
 * for its NDA, a reader who has not accepted its current version gets 403 nda_required, with the text
 * to accept. The owner is never asked.
 */

function currentVersionId(room: DataRoom): string | null {
  return room.isNdaRequired ? room.ndaVersionId : null;
}

/** A version still to accept, with the name its page's name field starts with (ADR 45). */
export type PendingNda = NdaVersion & { suggestedName: string | null };

/**
 * The version a signed-in reader must still accept: their own acceptance, or their invitation's (same
 * address; acceptances are kept by address, so their account's address is the one to match).
 */
export async function pendingNdaForUser(
  db: DatabaseExecutor,
  invitations: RoomInvitations,
  room: DataRoom,
  user: Pick<RoomUser, 'id' | 'email'>,
): Promise<PendingNda | null> {
  const versionId = currentVersionId(room);
  if (!versionId || room.ownerId === user.id) return null;
  if (await hasAcceptedVersion(db, versionId, user.email)) return null;
  const version = await findNdaVersion(db, room.id, versionId);
  if (!version) return null;
  return { ...version, suggestedName: await suggestedNameOf(db, invitations, room.id, user.email) };
}

/** The version an invitation's holder must still accept (by the invited address). */
export async function pendingNdaForEmail(
  db: DatabaseExecutor,
  invitations: RoomInvitations,
  room: DataRoom,
  email: string,
): Promise<PendingNda | null> {
  const versionId = currentVersionId(room);
  if (!versionId) return null;
  if (await hasAcceptedVersion(db, versionId, email)) return null;
  const version = await findNdaVersion(db, room.id, versionId);
  return version
    ? { ...version, suggestedName: await suggestedNameOf(db, invitations, room.id, email) }
    : null;
}

/**
 * The invited name, never an address typed as a name: the reader signs with their own name. The
 * invitations module keeps the invitations and accounts the users, so it comes through `invitations`.
 */
async function suggestedNameOf(
  db: DatabaseExecutor,
  invitations: RoomInvitations,
  roomId: string,
  email: string,
): Promise<string | null> {
  const name = (await invitations.invitedName(db, roomId, email))?.trim() ?? '';
  return name === '' || name.includes('@') ? null : name;
}

export function ndaPromptOf(room: DataRoom, version: NdaVersion | PendingNda): NdaPrompt {
  return {
    roomId: room.id,
    companyName: room.companyName,
    versionId: version.id,
    sha256: version.sha256,
    text: version.text,
    suggestedName: 'suggestedName' in version ? version.suggestedName : null,
  };
}

export function ndaRequiredError(room: DataRoom, version: PendingNda): HttpError {
  return new HttpError(
    403,
    'nda_required',
    `${room.companyName} asks you to accept its non-disclosure agreement before you open the data room.`,
    { nda: ndaPromptOf(room, version) },
  );
}
