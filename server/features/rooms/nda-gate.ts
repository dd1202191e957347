import type { Executor } from '#server/db/columns';
import { HttpError } from '#server/plugins/errors';
import type { NdaPrompt } from '#shared/contracts/nda';
import {
  findNdaVersion,
  hasAcceptedVersion,
  hasUserAcceptedVersion,
  type NdaVersion,
} from './nda.repository';
import type { DataRoom } from './rooms.repository';

/**
 * The NDA before entry as the one rule every read of a room goes through (readability.ts: findReadableRoom for
 * members, requireInvitedRoom for the invited view; docs/decisions/0045-nda-before-entry.md): while the room asks
 * for its NDA, a reader who has not accepted its current version gets 403 nda_required, with the text
 * to accept. The owner is never asked.
 */

function currentVersionId(room: DataRoom): string | null {
  return room.isNdaRequired ? room.ndaVersionId : null;
}

/** The version a signed-in reader must still accept: their own acceptance, or their invitation's (same address). */
export async function pendingNdaForUser(
  db: Executor,
  room: DataRoom,
  userId: string,
): Promise<NdaVersion | null> {
  const versionId = currentVersionId(room);
  if (!versionId || room.ownerId === userId) return null;
  if (await hasUserAcceptedVersion(db, versionId, userId)) return null;
  return (await findNdaVersion(db, room.id, versionId)) ?? null;
}

/** The version an invitation's holder must still accept (by the invited address). */
export async function pendingNdaForEmail(
  db: Executor,
  room: DataRoom,
  email: string,
): Promise<NdaVersion | null> {
  const versionId = currentVersionId(room);
  if (!versionId) return null;
  if (await hasAcceptedVersion(db, versionId, email)) return null;
  return (await findNdaVersion(db, room.id, versionId)) ?? null;
}

export function ndaPromptOf(room: DataRoom, version: NdaVersion): NdaPrompt {
  return {
    roomId: room.id,
    companyName: room.companyName,
    versionId: version.id,
    sha256: version.sha256,
    text: version.text,
  };
}

export function ndaRequiredError(room: DataRoom, version: NdaVersion): HttpError {
  return new HttpError(
    403,
    'nda_required',
    `${room.companyName} asks you to accept its non-disclosure agreement before you open the data room.`,
    { nda: ndaPromptOf(room, version) },
  );
}
