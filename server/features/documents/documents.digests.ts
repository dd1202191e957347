import { fromRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';

/**
 * Investors' logged reading actions in the window [start, end), oldest first, for a founder's digest
 * (docs/decisions/0044-founder-notifications.md): who did each (the user, or the invitation for the
 * invited view) is the caller's to name (docs/decisions/0085-modules-own-their-tables.md). Events of
 * `managerIds` (the room's owner and any member who is not an investor) are not investor activity.
 */
export async function listInvestorEventsInWindow(
  db: ModuleExecutor<'documents'>,
  roomId: string,
  window: { start: Date; end: Date },
  managerIds: readonly string[],
) {
  let query = db
    .selectFrom('access_events')
    .select(['action', 'user_id', 'invitation_id', 'document_id', 'document_title', 'occurred_at'])
    .where('room_id', '=', roomId)
    // Reading only: a question is a line of its own (ADR 73).
    .where('action', 'in', ['downloaded', 'clicked', 'viewed'])
    .$narrowType<{ action: 'downloaded' | 'clicked' | 'viewed' }>()
    .where('occurred_at', '>=', window.start.getTime())
    .where('occurred_at', '<', window.end.getTime());
  if (managerIds.length > 0)
    query = query.where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', 'not in', managerIds)]));
  const rows = await query.orderBy('occurred_at').limit(5000).execute();
  return rows.map((row) => fromRow(row));
}
