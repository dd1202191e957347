import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { MINUTE_MS, SECOND_MS } from '#server/durations';
import { findUserById } from '#server/features/accounts/index';
import { findDataRoomById } from '#server/features/rooms/index';
import { postJson } from '#server/features/webhooks/index';
import { enqueueJob, type JobDefinition } from '#server/jobs/job-queue';
import { managesRoom } from '#server/webhooks/webhook-events';
import { ALERT_TRIGGERS, type AlertTargetKind, TARGET_CREATOR_REMOVED } from '#shared/contracts/alerts';
import { href } from '#shared/routes';
import { messageFor } from './alert-messages';
import { ALERT_DELIVERY_JOB, consoleUrlOf, firmOf } from './alert-raising';
import {
  type AlertFacts,
  alertDetailsSchema,
  isRetryable,
  type PostOutcome,
  parseRetryAfter,
  readServiceAnswer,
  retryDelayMs,
} from './alert-rules';
import { alertEmail } from './alerts.mails';
import {
  findAlert,
  findDelivery,
  findTarget,
  markTargetFailing,
  markTargetHealthy,
  recordAttempt,
  type StoredDelivery,
  type StoredTarget,
} from './alerts.repository';

/**
 * Delivering alerts (docs/decisions/0090-alerts-within-a-minute.md): one job per attempt of one delivery.
 * A service that was down or busy (5xx, a timeout, 429) is tried again after a backoff, or after the
 * Retry-After it asked for; one that refused the message (Slack's 404 no_service, 400 invalid_payload) is
 * not. After ALERTS_MAX_ATTEMPTS the delivery fails, and the target shows as failing in the settings.
 */

const deliveryJobSchema = z.object({ deliveryId: z.string(), attempt: z.number().int().min(1) });
type DeliveryJob = z.infer<typeof deliveryJobSchema>;

/** Outcome of one attempt: what the delivery row records. */
type Attempt = PostOutcome;

const sent: Attempt = { ok: true, statusCode: null, error: null, responseExcerpt: null, retryAfterMs: null };
const refused = (error: string): Attempt => ({
  ok: false,
  statusCode: null,
  error,
  responseExcerpt: null,
  retryAfterMs: null,
  isFinal: true,
});

/** The alert as its messages read it, from its row; undefined once the alert or its room is gone. */
async function factsOf(ctx: AppContext, alertId: string | null): Promise<AlertFacts | undefined> {
  const alert = alertId ? await findAlert(ctx.db, alertId) : undefined;
  const room = alert && (await findDataRoomById(ctx.db, alert.roomId));
  if (!alert || !room) return undefined;
  const trigger = ALERT_TRIGGERS.find((each) => each === alert.trigger);
  if (!trigger) return undefined;
  const investor = {
    email: alert.investorEmail,
    name: alert.investorName,
    firm: null as string | null,
    userId: alert.userId,
  };
  const details = alertDetailsSchema.parse(JSON.parse(alert.details));
  investor.firm = await firmOf(alert.investorEmail);
  return {
    id: alert.id,
    roomId: alert.roomId,
    companyName: room.companyName,
    trigger,
    investor,
    details,
    occurredAt: alert.occurredAt,
    consoleUrl: consoleUrlOf(ctx, investor),
  };
}

const settingsUrlOf = (ctx: AppContext) => `${ctx.config.appUrl}${href('setupDataRoom')}?tab=settings`;

/** A mail to one of the room's founders, while they still are one. */
async function attemptMail(ctx: AppContext, delivery: StoredDelivery, alert: AlertFacts): Promise<Attempt> {
  if (!(await managesRoom(ctx.db, delivery.roomId, delivery.targetId)))
    return refused('This founder no longer manages the data room.');
  const founder = await findUserById(ctx.db, delivery.targetId);
  if (!founder) return refused('This founder’s account no longer exists.');
  try {
    await ctx.mailer.send(
      alertEmail({
        to: founder.email,
        alert,
        settingsUrl: settingsUrlOf(ctx),
        messageId: `<alert-${delivery.id}@${new URL(ctx.config.appUrl).hostname}>`,
      }),
    );
    return sent;
  } catch (error) {
    // A mail server that refused or could not be reached: like a 5xx, worth another try.
    return {
      ...refused(`The mail server did not take it: ${(error as Error).message}`),
      statusCode: 503,
      isFinal: false,
    };
  }
}

/** Whether a target may still be sent to; why not, in a sentence, otherwise. */
export async function targetRefusal(
  ctx: AppContext,
  target: StoredTarget | undefined,
): Promise<string | undefined> {
  if (!target) return 'The target was removed.';
  if (!target.isEnabled) return 'The target is turned off.';
  // A removed co-founder's Slack or Teams falls silent (ADR 61, ADR 90).
  if (!(await managesRoom(ctx.db, target.roomId, target.createdBy))) return TARGET_CREATOR_REMOVED;
  return undefined;
}

/** One post to a Slack or Teams incoming webhook, read as that service documents its answers. */
export async function postToTarget(
  ctx: AppContext,
  target: { kind: AlertTargetKind; url: string },
  message: object,
  signal?: AbortSignal,
): Promise<Attempt> {
  const settings = ctx.config.webhooks;
  const outcome = await postJson(
    { url: target.url, body: JSON.stringify(message), signal },
    { allowPrivate: settings.allowPrivateAddresses, resolve: ctx.resolveHost, timeoutMs: settings.timeoutMs },
  );
  return readServiceAnswer(target.kind, {
    ...outcome,
    retryAfterMs: parseRetryAfter(outcome.retryAfter ?? undefined),
  });
}

async function attemptTarget(
  ctx: AppContext,
  delivery: StoredDelivery,
  alert: AlertFacts,
  signal: AbortSignal,
): Promise<Attempt> {
  const target = await findTarget(ctx.db, delivery.targetId);
  const refusal = await targetRefusal(ctx, target);
  if (refusal || !target) return refused(refusal ?? 'The target was removed.');
  const outcome = await postToTarget(ctx, target, messageFor(target.kind, alert), signal);
  if (outcome.ok) await markTargetHealthy(ctx.db, target.id);
  else await markTargetFailing(ctx.db, target.id, new Date());
  return outcome;
}

/**
 * Records an attempt and, when it is worth another, queues the next one at its time (a job of its own,
 * so a Retry-After is honoured exactly). Returns nothing: the job itself succeeds either way.
 */
async function recordOutcome(
  ctx: AppContext,
  delivery: StoredDelivery,
  job: DeliveryJob,
  outcome: Attempt,
): Promise<void> {
  const now = new Date();
  const attempts = job.attempt;
  const again = !outcome.ok && isRetryable(outcome) && attempts < ctx.config.alerts.maxAttempts;
  const next = again
    ? new Date(now.getTime() + retryDelayMs(ctx.config.alerts.retryBaseDelayMs, attempts, outcome))
    : null;
  await ctx.db.transaction().execute(async (trx) => {
    const recorded = await recordAttempt(trx, delivery.id, {
      status: outcome.ok ? 'succeeded' : again ? 'pending' : 'failed',
      attempts,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      lastAttemptAt: now,
      nextAttemptAt: next,
      finishedAt: again ? null : now,
    });
    if (recorded && next)
      await enqueueJob(trx, {
        kind: ALERT_DELIVERY_JOB,
        payload: { deliveryId: delivery.id, attempt: attempts + 1 } satisfies DeliveryJob,
        dedupeKey: `${ALERT_DELIVERY_JOB}:${delivery.id}:${attempts + 1}`,
        runAt: next,
        fairKey: delivery.roomId,
      });
  });
  if (!outcome.ok)
    ctx.log.warn(
      { deliveryId: delivery.id, channel: delivery.channel, attempt: attempts, error: outcome.error, again },
      again ? 'alert delivery failed; trying again later' : 'alert delivery failed for good',
    );
}

async function deliver(ctx: AppContext, job: DeliveryJob, signal: AbortSignal): Promise<void> {
  const delivery = await findDelivery(ctx.db, job.deliveryId);
  // Finished already (this attempt ran before a restart), or deleted with its target.
  if (delivery?.status !== 'pending' || delivery.attempts >= job.attempt) return;
  const alert = await factsOf(ctx, delivery.alertId);
  const outcome = !alert
    ? refused('The alert is gone.')
    : delivery.channel === 'mail'
      ? await attemptMail(ctx, delivery, alert)
      : await attemptTarget(ctx, delivery, alert, signal);
  // Stopping the server aborts the attempt: handed back to the queue, not recorded.
  if (signal.aborted) throw signal.reason;
  await recordOutcome(ctx, delivery, job, outcome);
}

/** The alert delivery job, registered once by buildApp. */
export function alertJobs(ctx: AppContext): JobDefinition<DeliveryJob>[] {
  return [
    {
      kind: ALERT_DELIVERY_JOB,
      payloadSchema: deliveryJobSchema,
      // Each retry is a job of its own (recordOutcome); these only cover a worker dying mid-attempt.
      maxAttempts: 3,
      timeoutMs: ctx.config.webhooks.timeoutMs * 3 + 5 * SECOND_MS,
      concurrency: 4,
      run: (job, running) => deliver(ctx, job, running.signal),
      retryDelayMs: () => MINUTE_MS,
    },
  ];
}
