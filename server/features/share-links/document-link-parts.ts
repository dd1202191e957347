import type { AppContext } from '#server/app-context';
import { toFlag } from '#server/db/columns';
import { findDocumentTitles } from '#server/features/documents/index';
import { HttpError } from '#server/plugins/errors';
import type { DocumentLinkPart, UpdateShareLinkRequest } from '#shared/contracts/share-links';
import { findDocumentLink, listDocumentLinks, type StoredDocumentLink } from './document-links.repository';

/**
 * A document link's own part of the founder's view and of a change (docs/decisions/0095-document-links.md):
 * which document, which version, and its download, watermark and forward switches.
 */

export function documentPartOf(link: StoredDocumentLink, title: string): DocumentLinkPart {
  return {
    documentId: link.documentId,
    title,
    versionNumber: link.versionNumber,
    allowsDownload: link.isDownloadAllowed,
    watermark: link.isWatermarked,
    forwardsNeedApproval: link.isForwardApprovalRequired,
  };
}

/** The room's document links' parts, by share link id. */
export async function documentPartsOf(
  ctx: AppContext,
  roomId: string,
): Promise<Map<string, DocumentLinkPart>> {
  const links = await listDocumentLinks(ctx.db, roomId);
  const titles = await findDocumentTitles(
    ctx.db,
    links.map((link) => link.documentId),
  );
  return new Map(
    links.map((link) => [link.shareLinkId, documentPartOf(link, titles.get(link.documentId) ?? '')]),
  );
}

/** The document switches a change names; a group's link has none, so naming one is a 400. */
export async function documentLinkChanges(
  ctx: AppContext,
  linkId: string,
  request: UpdateShareLinkRequest,
): Promise<{ is_download_allowed?: 0 | 1; is_watermarked?: 0 | 1; is_forward_approval_required?: 0 | 1 }> {
  const fields = {
    allowsDownload: request.allowsDownload,
    watermark: request.watermark,
    forwardsNeedApproval: request.forwardsNeedApproval,
  };
  const named = Object.entries(fields).find(([, value]) => value !== undefined);
  if (!named) return {};
  if (!(await findDocumentLink(ctx.db, linkId)))
    throw new HttpError(400, 'invalid_request', `${named[0]}: only a document link has this switch`, {
      field: named[0],
    });
  return Object.fromEntries(
    [
      ['is_download_allowed', fields.allowsDownload],
      ['is_watermarked', fields.watermark],
      ['is_forward_approval_required', fields.forwardsNeedApproval],
    ]
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, toFlag(value as boolean)]),
  );
}
