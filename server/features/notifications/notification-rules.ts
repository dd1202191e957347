import type { AppContext } from '#server/app-context';
import type { ModuleExecutor } from '#server/db/schema';
import { DAY_MS, HOUR_MS } from '#server/durations';
import { enqueueJob } from '#server/jobs/job-queue';
import type { FounderNotificationChoice } from '#shared/contracts/notifications';
import type { FounderNotification } from './notifications.repository';

// What the founder's choice means for each notification, and the jobs that send them: shared by the
// recording of activity (notifications.service.ts), a feature's notices (notices.ts) and the sending
// (founder-mails.ts).

export const FOUNDER_NOTIFICATION_JOB = 'founder-notification';
export const INVESTOR_MESSAGE_JOB = 'investor-message';

export type Cadence = 'hourly' | 'daily';

export function cadenceOf(choice: FounderNotificationChoice): Cadence | null {
  if (choice === 'first_visits_and_hourly') return 'hourly';
  if (choice === 'daily') return 'daily';
  return null;
}

export function wantsFirstVisits(choice: FounderNotificationChoice): boolean {
  return choice === 'first_visits' || choice === 'first_visits_and_hourly';
}

/** Whether a notification of this kind is still what the founder wants. */
export function isWanted(choice: FounderNotificationChoice, kind: FounderNotification['kind']): boolean {
  if (kind === 'hourly' || kind === 'daily') return cadenceOf(choice) === kind;
  // A first visit, and a feature's notice told at once (a new question, ADR 73), are told wherever first
  // visits are; a daily digest lists the notice instead.
  return wantsFirstVisits(choice);
}

/** The UTC hour or day that contains `at`. */
export function digestWindow(cadence: Cadence, at: Date): { start: Date; end: Date } {
  const length = cadence === 'hourly' ? HOUR_MS : DAY_MS;
  const start = Math.floor(at.getTime() / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

export const appLink = (ctx: AppContext, path: string) => `${ctx.config.appUrl}${path}`;

export async function enqueueNotificationJob(
  trx: ModuleExecutor<'notifications'>,
  notificationId: string,
  runAt: Date,
): Promise<void> {
  await enqueueJob(trx, {
    kind: FOUNDER_NOTIFICATION_JOB,
    payload: { notificationId },
    dedupeKey: `${FOUNDER_NOTIFICATION_JOB}:${notificationId}`,
    runAt,
  });
}
