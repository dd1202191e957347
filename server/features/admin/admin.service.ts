import type { z } from 'zod';
import type {
  accessLogEntrySchema,
  adminSectionSchema,
  adminUserSchema,
  recentDocumentSchema,
} from '../../../shared/contracts/admin';
import { RECENT_ACCESS, RECENT_DOCUMENTS } from '../../../shared/contracts/admin';
import { fileTypeFromName } from '../../../shared/file-types';
import type { AppContext } from '../../app-context';
import type { User } from '../accounts/users.repository';
import { listRoomDocuments } from '../documents/documents.repository';
import { parsedSectionsOf, requireOwnedRoom } from '../rooms/rooms.service';

/** The investors who have access to the founder's room. */
export async function roomUsers(ctx: AppContext, founder: User): Promise<z.infer<typeof adminUserSchema>[]> {
  const room = await requireOwnedRoom(ctx, founder);
  const rows = await ctx.db
    .selectFrom('room_members')
    .innerJoin('users', 'users.id', 'room_members.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.is_active', 'room_members.created_at'])
    .where('room_members.room_id', '=', room.id)
    .where('room_members.role', '=', 'investor')
    .orderBy('room_members.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    isActive: row.is_active === 1,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export async function roomSections(
  ctx: AppContext,
  founder: User,
): Promise<z.infer<typeof adminSectionSchema>[]> {
  const room = await requireOwnedRoom(ctx, founder);
  return (await parsedSectionsOf(room)).sections.map((section) => ({
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
  const room = await requireOwnedRoom(ctx, founder);
  const uploads = new Map(
    (await listRoomDocuments(ctx.db, room.id)).map((document) => [document.id, document]),
  );
  const linkedAt = (room.sectionsUpdatedAt ?? room.updatedAt).toISOString();
  const items: z.infer<typeof recentDocumentSchema>[] = [];
  const listed = new Set<string>();
  for (const section of (await parsedSectionsOf(room)).sections) {
    for (const document of section.documents) {
      const upload = document.documentId ? uploads.get(document.documentId) : undefined;
      if (document.isUploaded && !upload) continue;
      if (upload) listed.add(upload.id);
      items.push({
        id: upload?.id ?? `${section.id}:${document.line}`,
        title: document.title,
        sectionName: section.name,
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
      fileType: fileTypeFromName(upload.originalName),
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
  const room = await requireOwnedRoom(ctx, founder);
  const rows = await ctx.db
    .selectFrom('access_events')
    .leftJoin('users', 'users.id', 'access_events.user_id')
    .leftJoin('invitations', 'invitations.id', 'access_events.invitation_id')
    .select([
      'access_events.id',
      'access_events.document_title',
      'access_events.action',
      'access_events.occurred_at',
      'users.name as user_name',
      'users.email as user_email',
      'invitations.email as invited_email',
    ])
    .where('access_events.room_id', '=', room.id)
    .orderBy('access_events.occurred_at', 'desc')
    .limit(RECENT_ACCESS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userName:
      row.user_name ||
      row.user_email ||
      (row.invited_email ? `${row.invited_email} (invited)` : 'A removed user'),
    documentTitle: row.document_title,
    actionType: row.action,
    accessedAt: new Date(row.occurred_at).toISOString(),
  }));
}
