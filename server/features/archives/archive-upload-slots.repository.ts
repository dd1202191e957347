import { toEpochMs } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';

/**
 * Each room's one archive upload slot (archive_upload_slots, migration 0030): a row per room held by one
 * request until it frees it or its lease lapses. One statement takes it, so two servers asking at once
 * cannot both get it.
 */

/** Takes the room's slot for `holder` if it is free or its lease has lapsed; whether it was taken. */
export async function takeArchiveUploadSlot(
  db: ModuleExecutor<'archives'>,
  roomId: string,
  holder: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const result = await db
    .insertInto('archive_upload_slots')
    .values({ room_id: roomId, holder, expires_at: toEpochMs(expiresAt) })
    .onConflict((conflict) =>
      conflict
        .column('room_id')
        .doUpdateSet({ holder, expires_at: toEpochMs(expiresAt) })
        .where('archive_upload_slots.expires_at', '<=', toEpochMs(now)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows) === 1;
}

/** Extends the holder's lease; nothing once another request has taken the slot (the lease lapsed). */
export async function renewArchiveUploadSlot(
  db: ModuleExecutor<'archives'>,
  roomId: string,
  holder: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable('archive_upload_slots')
    .set({ expires_at: toEpochMs(expiresAt) })
    .where('room_id', '=', roomId)
    .where('holder', '=', holder)
    .execute();
}

/** Frees the slot, if `holder` still holds it. */
export async function freeArchiveUploadSlot(
  db: ModuleExecutor<'archives'>,
  roomId: string,
  holder: string,
): Promise<void> {
  await db
    .deleteFrom('archive_upload_slots')
    .where('room_id', '=', roomId)
    .where('holder', '=', holder)
    .execute();
}
