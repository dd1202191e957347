import { type Entity, fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { NdaAcceptanceRow, NdaVersionRow } from './rooms.tables';

/** The queries of the NDA before entry (docs/decisions/0045-nda-before-entry.md), each scoped by room. */

export type NdaVersion = Entity<NdaVersionRow>;
export type NdaAcceptance = Entity<NdaAcceptanceRow>;

export async function insertNdaVersion(db: ModuleExecutor<'rooms'>, version: NdaVersion): Promise<void> {
  await db.insertInto('nda_versions').values(toRow<NdaVersionRow>(version)).execute();
}

export async function findNdaVersion(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  versionId: string,
): Promise<NdaVersion | undefined> {
  const row = await db
    .selectFrom('nda_versions')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', versionId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Whether this e-mail address has accepted this version (a user's or an invitation's: the same person). */
export async function hasAcceptedVersion(
  db: ModuleExecutor<'rooms'>,
  versionId: string,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('nda_acceptances')
    .select('id')
    .where('version_id', '=', versionId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findAcceptanceOf(
  db: ModuleExecutor<'rooms'>,
  versionId: string,
  email: string,
): Promise<NdaAcceptance | undefined> {
  const row = await db
    .selectFrom('nda_acceptances')
    .selectAll()
    .where('version_id', '=', versionId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Stores an acceptance; false when this address had already accepted this version (nothing written). */
export async function insertAcceptance(
  db: ModuleExecutor<'rooms'>,
  acceptance: NdaAcceptance,
): Promise<boolean> {
  const result = await db
    .insertInto('nda_acceptances')
    .values(toRow<NdaAcceptanceRow>(acceptance))
    .onConflict((conflict) => conflict.columns(['version_id', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** An acceptance as the founder sees it: with the version's hash, and the investor's name when known. */
export type AcceptanceWithVersion = NdaAcceptance & { versionSha256: string; userName: string | null };

/** An acceptance with its version's hash, as this module keeps it (the name is accounts': nda.service.ts). */
export type AcceptanceOfVersion = NdaAcceptance & { versionSha256: string };

function acceptancesQuery(db: ModuleExecutor<'rooms'>, roomId: string) {
  return db
    .selectFrom('nda_acceptances')
    .innerJoin('nda_versions', 'nda_versions.id', 'nda_acceptances.version_id')
    .selectAll('nda_acceptances')
    .select('nda_versions.sha256 as version_sha256')
    .where('nda_acceptances.room_id', '=', roomId);
}

/** The room's acceptances, newest first, at most `limit`; with `since`, only those after it. */
export async function listRoomAcceptances(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  options: { since?: Date; limit: number },
): Promise<AcceptanceOfVersion[]> {
  let query = acceptancesQuery(db, roomId);
  if (options.since) query = query.where('nda_acceptances.accepted_at', '>', toEpochMs(options.since));
  const rows = await query
    .orderBy('nda_acceptances.accepted_at', 'desc')
    .orderBy('nda_acceptances.id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function findRoomAcceptance(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  acceptanceId: string,
): Promise<(AcceptanceOfVersion & { versionText: string }) | undefined> {
  const row = await acceptancesQuery(db, roomId)
    .select('nda_versions.text as version_text')
    .where('nda_acceptances.id', '=', acceptanceId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** How many addresses accepted this version. */
export async function countAcceptances(db: ModuleExecutor<'rooms'>, versionId: string): Promise<number> {
  const row = await db
    .selectFrom('nda_acceptances')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('version_id', '=', versionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
