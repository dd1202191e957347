import crypto from 'node:crypto';
import type { Executor } from '../../db/columns';

export interface NewAccessEvent {
  roomId: string;
  userId: string | null;
  invitationId: string | null;
  documentId: string | null;
  documentTitle: string;
  url: string;
  action: 'downloaded' | 'clicked';
  occurredAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/** Access logs are kept indefinitely (spec section 9); the title is copied so deletion keeps it legible. */
export async function recordAccessEvent(db: Executor, event: NewAccessEvent): Promise<void> {
  await db
    .insertInto('access_events')
    .values({
      id: crypto.randomUUID(),
      room_id: event.roomId,
      user_id: event.userId,
      invitation_id: event.invitationId,
      document_id: event.documentId,
      document_title: event.documentTitle,
      url: event.url,
      action: event.action,
      occurred_at: event.occurredAt.getTime(),
      ip: event.ip,
      user_agent: event.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
}
