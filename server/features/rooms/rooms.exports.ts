import type { ModuleExecutor } from '#server/db/schema';

/**
 * What the rooms module gives a room's CSV exports (docs/decisions/0042-csv-exports.md): the NDA
 * acceptances a page at a time, as stored; the exports name the investors with accounts' lookup, one per
 * page (docs/decisions/0085-modules-own-their-tables.md).
 */

/**
 * Which acceptances to read: the room, whole days as [fromMs, toMs), and optionally only those of these
 * addresses (an acceptance is its e-mail address's, ADR 45: an investor's, a group's people's).
 */
export interface NdaAcceptancesScope {
  roomId: string;
  fromMs: number | null;
  toMs: number | null;
  emails: readonly string[] | null;
}

/** Where the previous page of NDA acceptances ended: read in (accepted_at, id) order. */
export interface NdaAcceptanceCursor {
  acceptedAt: number;
  id: string;
}

/**
 * One page of the room's NDA acceptances after the cursor, oldest first, with the version's hash. An
 * investor's acceptances are those of their address, including the ones given through their invitation
 * link before signing in.
 */
export async function listNdaAcceptancePage(
  db: ModuleExecutor<'rooms'>,
  scope: NdaAcceptancesScope,
  after: NdaAcceptanceCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('nda_acceptances')
    .innerJoin('nda_versions', 'nda_versions.id', 'nda_acceptances.version_id')
    .select([
      'nda_acceptances.id',
      'nda_acceptances.accepted_at',
      'nda_acceptances.signer_name',
      'nda_acceptances.email',
      'nda_acceptances.user_id',
      'nda_acceptances.invitation_id',
      'nda_acceptances.ip',
      'nda_acceptances.user_agent',
      'nda_acceptances.version_id',
      'nda_versions.sha256',
    ])
    .where('nda_acceptances.room_id', '=', scope.roomId);
  if (scope.fromMs !== null) query = query.where('nda_acceptances.accepted_at', '>=', scope.fromMs);
  if (scope.toMs !== null) query = query.where('nda_acceptances.accepted_at', '<', scope.toMs);
  // No address is '': an empty list matches no row.
  if (scope.emails !== null)
    query = query.where('nda_acceptances.email', 'in', scope.emails.length > 0 ? scope.emails : ['']);
  if (after)
    query = query
      .where('nda_acceptances.accepted_at', '>=', after.acceptedAt)
      .where((eb) =>
        eb.or([
          eb('nda_acceptances.accepted_at', '>', after.acceptedAt),
          eb('nda_acceptances.id', '>', after.id),
        ]),
      );
  return query.orderBy('nda_acceptances.accepted_at').orderBy('nda_acceptances.id').limit(limit).execute();
}
