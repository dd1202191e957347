import crypto from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { MINUTE_MS } from '#server/durations';
import { describeDevice, findUserById } from '#server/features/accounts/index';
import { enqueueJob, type JobDefinition } from '#server/jobs/job-queue';
import { href } from '#shared/routes';
import { type SecurityEvent, securityNoticeEmail } from './passkeys.mails';

/**
 * Security notices (docs/decisions/0093-security-notices-and-required-passkeys.md): a passkey added or removed, a recovery code
 * used, every other session ended. Each is a job enqueued in the transaction of the change (no notice of
 * a change that did not happen, none lost to a crash after it), retried alone, mailed to the account's
 * own address as it is when the job runs.
 */

const SECURITY_NOTICE_JOB = 'security-notice-mail';
const payloadSchema = z.object({
  noticeId: z.string(),
  userId: z.string(),
  event: z.enum(['passkey_added', 'passkey_removed', 'recovery_code_used', 'sessions_ended']),
  passkeyName: z.string().nullable(),
  device: z.string(),
  at: z.number().int(),
});
type SecurityNotice = z.infer<typeof payloadSchema>;

export async function enqueueSecurityNotice(
  db: DatabaseExecutor,
  notice: { userId: string; event: SecurityEvent; passkeyName?: string; userAgent: string | undefined },
): Promise<void> {
  const noticeId = crypto.randomUUID();
  await enqueueJob(db, {
    kind: SECURITY_NOTICE_JOB,
    payload: {
      noticeId,
      userId: notice.userId,
      event: notice.event,
      passkeyName: notice.passkeyName ?? null,
      // The device is named now: the raw User-Agent is never stored in a job nor shown (as the list).
      device: describeDevice(notice.userAgent ?? null),
      at: Date.now(),
    } satisfies SecurityNotice,
    dedupeKey: `${SECURITY_NOTICE_JOB}:${noticeId}`,
  });
}

async function sendSecurityNotice(ctx: AppContext, notice: SecurityNotice): Promise<void> {
  const user = await findUserById(ctx.db, notice.userId);
  if (!user) return;
  await ctx.mailer.send(
    securityNoticeEmail({
      to: user.email,
      event: notice.event,
      passkeyName: notice.passkeyName,
      device: notice.device,
      at: new Date(notice.at),
      securityUrl: `${ctx.config.appUrl}${href('security')}`,
      // Stable across retries, so a copy sent again is recognisably the same message.
      messageId: `<security-${notice.noticeId}@roundroom>`,
    }),
  );
}

export function securityNoticeJob(ctx: AppContext): JobDefinition<SecurityNotice> {
  return {
    kind: SECURITY_NOTICE_JOB,
    payloadSchema,
    maxAttempts: 5,
    timeoutMs: MINUTE_MS,
    concurrency: 2,
    run: (payload) => sendSecurityNotice(ctx, payload),
  };
}
