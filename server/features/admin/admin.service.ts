import type { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { peopleOfRooms, type User } from '#server/features/accounts/index';
import { listRecentAccess, listUploadedDocuments, uploadsOfRooms } from '#server/features/documents/index';
import {
  listInvestors,
  parsedSectionsOf,
  requireManagedRoom,
  roomSectionsFor,
  typedSectionsOf,
} from '#server/features/rooms/index';
import type {
  accessLogEntrySchema,
  adminSectionSchema,
  adminUserSchema,
  recentDocumentSchema,
} from '#shared/contracts/admin';
import { RECENT_ACCESS, RECENT_DOCUMENTS } from '#shared/contracts/admin';
import { storedFileType } from '#shared/file-types';

/** The investors who have access to the founder's room. */
export async function roomUsers(ctx: AppContext, founder: User): Promise<z.infer<typeof adminUserSchema>[]> {
  const room = await requireManagedRoom(ctx, founder);
  return (await listInvestors(ctx, peopleOfRooms, room.id)).map((investor) => ({
    ...investor,
    createdAt: investor.createdAt.toISOString(),
  }));
}

export async function roomSections(
  ctx: AppContext,
  founder: User,
): Promise<z.infer<typeof adminSectionSchema>[]> {
  const room = await requireManagedRoom(ctx, founder);
  return (await parsedSectionsOf(ctx, room)).sections.map((section) => ({
    id: section.id,
    name: section.name,
    description: section.description,
    icon: section.icon,
    documentCount: section.documents.length,
  }));
}

/**
 * The newest documents, uploaded or linked: an upload dates from its upload, an external link from the
 * last save of the sections.
 */
export async function recentDocuments(
  ctx: AppContext,
  founder: User,
): Promise<z.infer<typeof recentDocumentSchema>[]> {
  const room = await requireManagedRoom(ctx, founder);
  const uploads = new Map(
    (await listUploadedDocuments(ctx, room.id)).map((document) => [document.id, document]),
  );
  const linkedAt = ((await roomSectionsFor(ctx, room.id))?.updatedAt ?? room.updatedAt).toISOString();
  const items: z.infer<typeof recentDocumentSchema>[] = [];
  const listed = new Set<string>();
  for (const section of await typedSectionsOf(ctx, uploadsOfRooms, room)) {
    for (const document of section.documents) {
      const upload = document.documentId ? uploads.get(document.documentId) : undefined;
      if (document.isUploaded && !upload) continue;
      if (upload) listed.add(upload.id);
      items.push({
        id: upload?.id ?? `${section.id}:${document.line}`,
        title: document.title,
        sectionName: section.name,
        // An upload's type is its stored one, never its title's (docs/product-rules.md#file-types).
        fileType: document.fileType,
        isUploaded: document.isUploaded,
        updatedAt: upload ? upload.updatedAt.toISOString() : linkedAt,
      });
    }
  }
  for (const upload of uploads.values()) {
    if (listed.has(upload.id)) continue;
    items.push({
      id: upload.id,
      title: upload.title,
      sectionName: null,
      fileType: storedFileType(upload.fileType),
      isUploaded: true,
      updatedAt: upload.updatedAt.toISOString(),
    });
  }
  return items.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, RECENT_DOCUMENTS);
}

/** The newest access events, with who (the user, or the invited e-mail for the invited view). */
export async function recentAccess(
  ctx: AppContext,
  founder: User,
): Promise<z.infer<typeof accessLogEntrySchema>[]> {
  const room = await requireManagedRoom(ctx, founder);
  const events = await listRecentAccess(ctx, room.id, RECENT_ACCESS);
  return events.map((event) => ({
    id: event.id,
    userName:
      event.userName ||
      event.userEmail ||
      (event.invitedEmail ? `${event.invitedEmail} (invited)` : 'A removed user'),
    documentTitle: event.documentTitle,
    documentVersion: event.documentVersion,
    actionType: event.action,
    accessedAt: event.occurredAt.toISOString(),
  }));
}
