import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { MINUTE_MS } from '#server/durations';
import { findUserById } from '#server/features/accounts/index';
import { mailBrandOf } from '#server/features/brand/index';
import {
  findDocumentById,
  listReaderIdsOfDocument,
  type StoredDocument,
} from '#server/features/documents/index';
import { invitationsOfRooms } from '#server/features/invitations/index';
import { findReadableRoom } from '#server/features/rooms/index';
import { enqueueJob, type JobDefinition } from '#server/jobs/job-queue';
import { HttpError } from '#server/plugins/errors';
import { href } from '#shared/routes';
import { newVersionEmail } from './versions.mails';

/**
 * "Notify those who read the earlier version" (docs/decisions/0069-document-versions.md): once a new
 * version is current, one mail per investor who opened or downloaded the document, each its own job
 * (retried alone, sent once: its dedupe key), sent only while they may still read the room.
 */

const NEW_VERSION_MAIL_JOB = 'new-version-mail';
const payloadSchema = z.object({
  documentId: z.string(),
  versionNumber: z.number().int(),
  userId: z.string(),
});
type NewVersionMail = z.infer<typeof payloadSchema>;

/** Inside the transaction that makes the version current: a mail job per earlier reader. */
export async function enqueueNewVersionMails(trx: DatabaseExecutor, document: StoredDocument): Promise<void> {
  for (const userId of await listReaderIdsOfDocument(trx, document.roomId, document.id)) {
    await enqueueJob(trx, {
      kind: NEW_VERSION_MAIL_JOB,
      payload: {
        documentId: document.id,
        versionNumber: document.currentVersion,
        userId,
      } satisfies NewVersionMail,
      dedupeKey: `${NEW_VERSION_MAIL_JOB}:${document.id}:${document.currentVersion}:${userId}`,
      fairKey: document.roomId,
    });
  }
}

async function sendNewVersionMail(ctx: AppContext, { documentId, versionNumber, userId }: NewVersionMail) {
  const document = await findDocumentById(ctx.db, documentId);
  if (!document || document.currentVersion !== versionNumber) return;
  const reader = await findUserById(ctx.db, userId);
  if (!reader) return;
  // Only readers who may still read the room are told: not one removed, nor one of a closed room, nor
  // one held at a new NDA (403 from the gate).
  const room = await findReadableRoom(ctx, invitationsOfRooms, reader, document.roomId).catch(
    (error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 403) return undefined;
      throw error;
    },
  );
  if (!room) return;
  await ctx.mailer.send(
    newVersionEmail({
      to: reader.email,
      recipientName: reader.name || null,
      companyName: room.companyName,
      brand: await mailBrandOf(ctx, document.roomId),
      title: document.title,
      updatedAt: document.updatedAt,
      documentUrl: `${ctx.config.appUrl}${href('documentInRoom', { id: document.roomId, documentId })}`,
      messageId: `<new-version-${documentId}-${versionNumber}-${userId}@roundroom>`,
    }),
  );
}

export function newVersionMailJob(ctx: AppContext): JobDefinition<NewVersionMail> {
  return {
    kind: NEW_VERSION_MAIL_JOB,
    payloadSchema,
    maxAttempts: 5,
    timeoutMs: MINUTE_MS,
    concurrency: 2,
    run: (payload) => sendNewVersionMail(ctx, payload),
  };
}
