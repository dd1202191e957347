import { type Entity, fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import {
  ALERT_TRIGGERS,
  type AlertTrigger,
  DEFAULT_RETURN_AFTER_DAYS,
  DEFAULT_SCORE_THRESHOLD,
  MAIL_ALERT_TRIGGERS,
  type MailAlertTrigger,
} from '#shared/contracts/alerts';
import type { AlertDeliveryRow, AlertRow, AlertTargetRow } from './alerts.tables';

/** The alerts' settings, targets, visits, alerts and deliveries (docs/decisions/0090-alerts-within-a-minute.md). */

type Db = ModuleExecutor<'alerts'>;

export type StoredTarget = Omit<Entity<AlertTargetRow>, 'triggers'> & { triggers: AlertTrigger[] };
export type StoredAlert = Entity<AlertRow>;
export type StoredDelivery = Entity<AlertDeliveryRow>;

export interface RoomAlertSettings {
  returnAfterDays: number;
  scoreThreshold: number;
  mailTriggers: MailAlertTrigger[];
}

const triggersOf = (json: string): AlertTrigger[] => {
  const listed = JSON.parse(json) as string[];
  return ALERT_TRIGGERS.filter((trigger) => listed.includes(trigger));
};

export async function findSettings(db: Db, roomId: string): Promise<RoomAlertSettings> {
  const row = await db
    .selectFrom('alert_settings')
    .selectAll()
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  if (!row)
    return {
      returnAfterDays: DEFAULT_RETURN_AFTER_DAYS,
      scoreThreshold: DEFAULT_SCORE_THRESHOLD,
      mailTriggers: [],
    };
  const listed = JSON.parse(row.mail_triggers) as string[];
  return {
    returnAfterDays: row.return_after_days,
    scoreThreshold: row.score_threshold,
    mailTriggers: MAIL_ALERT_TRIGGERS.filter((trigger) => listed.includes(trigger)),
  };
}

export async function saveSettings(
  db: Db,
  roomId: string,
  settings: RoomAlertSettings,
  at: Date,
): Promise<void> {
  const row = {
    room_id: roomId,
    return_after_days: settings.returnAfterDays,
    score_threshold: settings.scoreThreshold,
    mail_triggers: JSON.stringify(settings.mailTriggers),
    updated_at: toEpochMs(at),
  };
  await db
    .insertInto('alert_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('room_id').doUpdateSet({
        return_after_days: row.return_after_days,
        score_threshold: row.score_threshold,
        mail_triggers: row.mail_triggers,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

// ---- Targets --------------------------------------------------------------------------------------

const toTarget = (row: AlertTargetRow): StoredTarget => ({
  ...fromRow(row),
  triggers: triggersOf(row.triggers),
});

export async function listTargets(db: Db, roomId: string): Promise<StoredTarget[]> {
  const rows = await db
    .selectFrom('alert_targets')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toTarget);
}

export async function findRoomTarget(db: Db, roomId: string, id: string): Promise<StoredTarget | undefined> {
  const row = await db
    .selectFrom('alert_targets')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toTarget(row);
}

export async function findTarget(db: Db, id: string): Promise<StoredTarget | undefined> {
  const row = await db.selectFrom('alert_targets').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toTarget(row);
}

export async function insertTarget(db: Db, target: StoredTarget): Promise<void> {
  await db
    .insertInto('alert_targets')
    .values({
      ...toRow<AlertTargetRow>({ ...target, triggers: '' }),
      triggers: JSON.stringify(target.triggers),
    })
    .execute();
}

export async function updateTarget(
  db: Db,
  id: string,
  changes: Partial<
    Pick<StoredTarget, 'triggers' | 'isEnabled' | 'createdBy' | 'updatedAt' | 'failingSinceAt'>
  >,
): Promise<void> {
  const { triggers, ...rest } = changes;
  await db
    .updateTable('alert_targets')
    .set({
      ...toRow<AlertTargetRow>(rest),
      ...(triggers ? { triggers: JSON.stringify(triggers) } : {}),
      // A cleared failure is written as null (toRow leaves undefined out, and keeps null).
      ...('failingSinceAt' in changes ? { failing_since_at: changes.failingSinceAt?.getTime() ?? null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a target and its deliveries (their jobs then find nothing to send). */
export async function deleteRoomTarget(db: Db, roomId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('alert_targets')
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await db.deleteFrom('alert_deliveries').where('room_id', '=', roomId).where('target_id', '=', id).execute();
  return true;
}

/** The first failure since the last success: kept as it is while failures go on. */
export async function markTargetFailing(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('alert_targets')
    .set({ failing_since_at: toEpochMs(at) })
    .where('id', '=', id)
    .where('failing_since_at', 'is', null)
    .execute();
}

export async function markTargetHealthy(db: Db, id: string): Promise<void> {
  await db.updateTable('alert_targets').set({ failing_since_at: null }).where('id', '=', id).execute();
}

// ---- Visits ---------------------------------------------------------------------------------------

/**
 * Notes a visit: 'first' once per investor and room (the primary key decides, on every server); else the
 * latest visit before this one, when this call moved it (a compare-and-set, so one return is told once).
 */
export async function touchVisit(
  db: Db,
  roomId: string,
  email: string,
  at: Date,
): Promise<{ kind: 'first' } | { kind: 'again'; previous: Date } | { kind: 'raced' }> {
  const now = toEpochMs(at);
  const inserted = await db
    .insertInto('alert_visits')
    .values({ room_id: roomId, investor_email: email, first_visit_at: now, latest_visit_at: now })
    .onConflict((conflict) => conflict.columns(['room_id', 'investor_email']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'first' };
  const row = await db
    .selectFrom('alert_visits')
    .select('latest_visit_at')
    .where('room_id', '=', roomId)
    .where('investor_email', '=', email)
    .executeTakeFirst();
  if (!row || Number(row.latest_visit_at) >= now) return { kind: 'raced' };
  const moved = await db
    .updateTable('alert_visits')
    .set({ latest_visit_at: now })
    .where('room_id', '=', roomId)
    .where('investor_email', '=', email)
    .where('latest_visit_at', '=', row.latest_visit_at)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0
    ? { kind: 'again', previous: new Date(Number(row.latest_visit_at)) }
    : { kind: 'raced' };
}

// ---- Scores ---------------------------------------------------------------------------------------

/** Each investor's score as alerts last read it, by address. */
export async function listScores(db: Db, roomId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('alert_scores')
    .select(['investor_email', 'score'])
    .where('room_id', '=', roomId)
    .execute();
  return new Map(rows.map((row) => [row.investor_email, row.score]));
}

export async function saveScores(
  db: Db,
  roomId: string,
  scores: readonly { email: string; score: number }[],
  at: Date,
): Promise<void> {
  for (const { email, score } of scores)
    await db
      .insertInto('alert_scores')
      .values({ room_id: roomId, investor_email: email, score, updated_at: toEpochMs(at) })
      .onConflict((conflict) =>
        conflict.columns(['room_id', 'investor_email']).doUpdateSet({ score, updated_at: toEpochMs(at) }),
      )
      .execute();
}

// ---- Alerts and deliveries ------------------------------------------------------------------------

/** When this investor's newest alert of this trigger in the room was raised, if ever. */
export async function findLatestAlertAt(
  db: Db,
  roomId: string,
  email: string,
  trigger: AlertTrigger,
): Promise<Date | undefined> {
  const row = await db
    .selectFrom('alerts')
    .select('occurred_at')
    .where('room_id', '=', roomId)
    .where('investor_email', '=', email)
    .where('trigger', '=', trigger)
    .orderBy('occurred_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(Number(row.occurred_at)) : undefined;
}

/** How many alerts of this trigger the room had since a moment. */
export async function countAlertsSince(
  db: Db,
  roomId: string,
  trigger: AlertTrigger,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', roomId)
    .where('trigger', '=', trigger)
    .where('occurred_at', '>=', toEpochMs(since))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAlert(db: Db, alert: StoredAlert): Promise<void> {
  await db.insertInto('alerts').values(toRow<AlertRow>(alert)).execute();
}

export async function findAlert(db: Db, id: string): Promise<StoredAlert | undefined> {
  const row = await db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

export async function insertDelivery(db: Db, delivery: StoredDelivery): Promise<void> {
  await db.insertInto('alert_deliveries').values(toRow<AlertDeliveryRow>(delivery)).execute();
}

export async function findDelivery(db: Db, id: string): Promise<StoredDelivery | undefined> {
  const row = await db.selectFrom('alert_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

/** Records an attempt's outcome on a delivery still pending; false when it was finished meanwhile. */
export async function recordAttempt(
  db: Db,
  id: string,
  attempt: Pick<
    StoredDelivery,
    'status' | 'attempts' | 'lastStatusCode' | 'lastError' | 'lastAttemptAt' | 'nextAttemptAt' | 'finishedAt'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('alert_deliveries')
    .set({
      status: attempt.status,
      attempts: attempt.attempts,
      last_status_code: attempt.lastStatusCode,
      last_error: attempt.lastError,
      last_attempt_at: attempt.lastAttemptAt?.getTime() ?? null,
      next_attempt_at: attempt.nextAttemptAt?.getTime() ?? null,
      finished_at: attempt.finishedAt?.getTime() ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The newest delivery to one target, or of the room's alert mail (channel 'mail', any founder). */
export async function findLastDelivery(
  db: Db,
  roomId: string,
  channel: StoredDelivery['channel'],
  targetId: string | null,
): Promise<StoredDelivery | undefined> {
  let query = db
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('channel', '=', channel);
  if (targetId !== null) query = query.where('target_id', '=', targetId);
  const row = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && fromRow(row);
}
