import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { toFlag } from '#server/db/columns';
import type { DatabaseExecutor } from '#server/db/schema';
import { type DeviceSession, enterOneDocument } from '#server/features/auth/index';
import { findDocumentInRoom } from '#server/features/documents/index';
import { isRemovedFromRoom } from '#server/features/invitations/index';
import { type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import type { DocumentGrant, LiveSession, SessionResolver } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/errors';
import { emitWebhookEvent } from '#server/webhooks/webhook-events';
import type { CreateDocumentLinkRequest, CreatedShareLink } from '#shared/contracts/share-links';
import { documentPartOf } from './document-link-parts';
import {
  findFirstReader,
  findOpenDocumentGrant,
  insertDocumentLink,
  type StoredDocumentLink,
} from './document-links.repository';
import { findReader, insertReader, type StoredShareLink } from './share-links.repository';
import { insertNewLink } from './share-links.service';

/**
 * Document links (docs/decisions/0095-document-links.md): a share link scoped to one document. It has
 * every option of a share link (share-links.service.ts makes it, share-link-entry.service.ts proves its
 * readers by the same code), and its own: the version it is pinned to, downloads, the watermark, and
 * whether an address after the first (a forward) waits for the founder. A reader's code proves entry to
 * that document alone: no invitation, no membership, a session that reads the document only.
 */

const DOCUMENT_NOT_FOUND = 'documentId: that document does not exist in this data room.';

/** "Share this document": a link to it alone, in the room's default group, which its readers never join. */
export async function createDocumentLink(
  ctx: AppContext,
  founder: RoomUser,
  request: CreateDocumentLinkRequest,
): Promise<CreatedShareLink> {
  const room = await requireManagedRoom(ctx, founder);
  const document = await findDocumentInRoom(ctx.db, room.id, request.documentId);
  if (!document) throw new HttpError(404, 'not_found', DOCUMENT_NOT_FOUND, { field: 'documentId' });
  const versionNumber = request.versionNumber ?? null;
  // Previews are kept for the current version only (ADR 69): a link is pinned to the version readers get now.
  if (versionNumber !== null && versionNumber !== document.currentVersion)
    throw new HttpError(
      400,
      'invalid_request',
      `versionNumber: only the current version (${document.currentVersion}) can be pinned`,
      { field: 'versionNumber' },
    );
  const { documentId, allowsDownload, watermark, forwardsNeedApproval, ...options } = request;
  const part = (shareLinkId: string): StoredDocumentLink => ({
    shareLinkId,
    roomId: room.id,
    documentId,
    versionNumber,
    isDownloadAllowed: allowsDownload ?? false,
    isWatermarked: watermark ?? true,
    isForwardApprovalRequired: forwardsNeedApproval ?? false,
  });
  // The default group's id is the room's (migration 0023); a document link's readers never join it.
  let made: StoredDocumentLink | undefined;
  const created = await insertNewLink(
    ctx,
    founder,
    room.id,
    { ...options, groupId: room.id },
    async (trx, linkId) => {
      made = part(linkId);
      await insertDocumentLink(trx, made);
    },
  );
  return made
    ? { ...created, link: { ...created.link, document: documentPartOf(made, document.title) } }
    : created;
}

/**
 * The session resolver, with each document link's session given what its link grants now (or no session
 * at all once the link is off or past its end: plugins/auth.ts refuses a link session without a grant).
 */
export function withDocumentGrants(ctx: AppContext, sessions: SessionResolver): SessionResolver {
  return {
    async resolve(token) {
      const live = await sessions.resolve(token);
      if (!live || live.onlyShareLinkId === null) return live;
      return { ...live, onlyDocument: await documentGrantOf(ctx, live) };
    },
    noteUse: (session, ip) => sessions.noteUse(session, ip),
  };
}

async function documentGrantOf(ctx: AppContext, live: LiveSession): Promise<DocumentGrant | null> {
  if (live.onlyShareLinkId === null) return null;
  const row = await findOpenDocumentGrant(ctx.db, live.onlyShareLinkId, new Date());
  if (!row) return null;
  return {
    shareLinkId: live.onlyShareLinkId,
    documentId: row.document_id,
    versionNumber: row.version_number,
    allowsDownload: row.is_download_allowed === toFlag(true),
    isWatermarked: row.is_watermarked === toFlag(true),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
  };
}

export type DocumentAdmission =
  | { state: 'admitted'; entry: Awaited<ReturnType<typeof enterOneDocument>> }
  | { state: 'pending' }
  | { state: 'waiting' };

const accessEnded = () =>
  new HttpError(403, 'share_access_ended', 'Your access through this link has ended. Ask the founder.');

/**
 * A proven address of a document link, inside the proof's transaction under the link's lock. Its first
 * reader is whom the link was made for; each later address is a forward from that reader, recorded with
 * both addresses, and waits for the founder when the link asks approval for forwards (or for everyone).
 * A reader let in before enters again (a new device); one refused or removed stays out.
 */
export async function admitToDocument(
  trx: DatabaseExecutor,
  link: StoredShareLink,
  document: StoredDocumentLink,
  email: string,
  now: Date,
  device: { userAgent: string | undefined; current: DeviceSession | null },
): Promise<DocumentAdmission> {
  if (await isRemovedFromRoom(trx, link.roomId, email)) throw accessEnded();
  const reader = await findReader(trx, link.id, email);
  if (reader?.state === 'refused')
    throw new HttpError(
      403,
      'share_refused',
      'The founder did not open this document to you through this link.',
    );
  if (reader?.state === 'pending') return { state: 'pending' };
  if (!reader) {
    const first = await findFirstReader(trx, link.id);
    const forwardedFrom = first && first.email !== email ? first : null;
    const waits = link.isApprovalRequired || (forwardedFrom !== null && document.isForwardApprovalRequired);
    const state: 'pending' | 'admitted' = waits ? 'pending' : 'admitted';
    await insertReader(trx, {
      id: crypto.randomUUID(),
      shareLinkId: link.id,
      roomId: link.roomId,
      email,
      state,
      createdAt: now,
      decidedAt: null,
      forwardedFrom: forwardedFrom?.id ?? null,
    });
    const event = {
      roomId: link.roomId,
      linkId: link.id,
      linkName: link.name,
      documentId: document.documentId,
    };
    const at = { email, state, occurredAt: now.toISOString() };
    if (forwardedFrom)
      await emitWebhookEvent(
        trx,
        link.roomId,
        'link.forwarded',
        { ...event, ...at, forwardedBy: forwardedFrom.email },
        now,
      );
    else await emitWebhookEvent(trx, link.roomId, 'link.opened', { ...event, ...at }, now);
    if (waits) return { state: 'waiting' };
  }
  const entry = await enterOneDocument(
    trx,
    { roomId: link.roomId, email, shareLinkId: link.id },
    now,
    device,
  );
  return { state: 'admitted', entry };
}
