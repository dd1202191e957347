import type { ModuleExecutor } from '#server/db/schema';

/**
 * What the questions module gives the engagement score's refresh job (docs/decisions/0089-engagement-score.md):
 * who asked since an instant, and when and about what each of a batch of askers asked. No question's text.
 */

/** The askers of the room's questions asked at or after `sinceMs`. */
export async function listAskersSince(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  sinceMs: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('questions')
    .select('asker_id')
    .distinct()
    .where('room_id', '=', roomId)
    .where('created_at', '>=', sinceMs)
    .execute();
  return rows.map((row) => row.asker_id);
}

/** What these askers asked in the room about, and when: a document, a section (by its key) or the room. */
export async function listQuestionsOfAskers(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  userIds: readonly string[],
): Promise<{ askerId: string; documentId: string | null; sectionKey: string | null; askedAt: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('questions')
    .select(['asker_id', 'subject_kind', 'document_id', 'section_key', 'created_at'])
    .where('room_id', '=', roomId)
    .where('asker_id', 'in', [...userIds])
    .execute();
  return rows.map((row) => ({
    askerId: row.asker_id,
    documentId: row.subject_kind === 'document' ? row.document_id : null,
    sectionKey: row.subject_kind === 'section' ? row.section_key : null,
    askedAt: Number(row.created_at),
  }));
}
