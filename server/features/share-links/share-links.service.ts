import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { toEpochMs, toFlag } from '#server/db/columns';
import type { DatabaseExecutor } from '#server/db/schema';
import { lockForTransaction } from '#server/db/transaction-lock';
import { requestMagicLink } from '#server/features/auth/index';
import {
  companyNamesFor,
  listAddressesBroughtBy,
  type RoomUser,
  requireManagedRoom,
  requireRoomGroup,
} from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import { openToken, type SealingKeys, sealToken } from '#server/security/sealed-tokens';
import { generateToken, hashToken } from '#server/security/tokens';
import {
  type CreatedShareLink,
  type CreateShareLinkRequest,
  type DocumentLinkPart,
  MAX_SHARE_LINKS_PER_ROOM,
  SHARE_LINK_READERS_PAGE,
  type ShareLink,
  type ShareLinkAddress,
  type ShareLinkReaders,
  type ShareLinks,
  type ShareReader,
  type ShareReaderDecision,
  shareLinkNameKey,
  type UpdateShareLinkRequest,
} from '#shared/contracts/share-links';
import { paths } from '#shared/routes';
import { documentLinkChanges, documentPartsOf } from './document-link-parts';
import { findDocumentLink, updateDocumentLink } from './document-links.repository';
import { inviteFromLink, isAlreadyInRoom } from './link-invitations';
import { allowedDomainsOf, shareLinkStateOf } from './share-link-rules';
import { documentApprovedEmail, shareRefusedEmail } from './share-links.mails';
import {
  countReadersByLink,
  countShareLinks,
  decideReader,
  findReaderEmails,
  findRoomReader,
  findShareLink,
  findShareLinkByNameKey,
  insertShareLink,
  listFirstReaders,
  listReaderPage,
  listReaders,
  listShareLinks,
  type ReaderCursor,
  replaceShareLinkToken,
  resealShareLinkToken,
  type StoredShareLink,
  type StoredShareReader,
  updateShareLink,
} from './share-links.repository';

/**
 * The founder's share links (docs/decisions/0071-share-links.md; docs/product-rules.md#share-links):
 * make, list, change and turn off a group's links, and let in or refuse the readers waiting for approval.
 * Owner and co-founders only, as every console route.
 */

const LINK_NOT_FOUND = 'That share link does not exist.';
const ADDRESS_NOT_KEPT =
  "This link's address was not kept (it was made before addresses were kept, or under a key this server no longer has). It still lets readers in; give it a new address to copy it again.";

const nameTaken = (name: string) =>
  new HttpError(
    409,
    'share_link_name_taken',
    `name: this room already has a link named "${name}". Choose another name.`,
    { field: 'name' },
  );

/** The link's sealed token, when a key this server holds opens it (ADR 76). */
function openedToken(keys: SealingKeys, link: StoredShareLink) {
  if (link.tokenSealed === null || link.tokenKeyId === null) return null;
  return openToken(keys, { sealed: link.tokenSealed, keyId: link.tokenKeyId }, link.id);
}

/** Kept when the address opens: a key of the right id over an altered or moved sealed text is not kept. */
const isAddressKept = (keys: SealingKeys, link: StoredShareLink) => openedToken(keys, link) !== null;

export const shareLinkUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.appUrl}${paths.shareLink.replace(':token', token)}`;

/** Readers as the console lists them: a forwarded reader with the address it was forwarded from. */
function readerViews(readers: StoredShareReader[], emailOf: Map<string, string>): ShareReader[] {
  return readers.map((reader) => ({
    id: reader.id,
    email: reader.email,
    state: reader.state,
    createdAt: reader.createdAt.toISOString(),
    forwardedFrom: reader.forwardedFrom === null ? null : (emailOf.get(reader.forwardedFrom) ?? null),
  }));
}

/** The readers of one page, and where the next starts when `readers` holds one more than a page. */
function readersPage(
  readers: StoredShareReader[],
  emailOf: Map<string, string>,
): Pick<ShareLinkReaders, 'readers' | 'moreReaders'> {
  const page = readers.slice(0, SHARE_LINK_READERS_PAGE);
  const last = page.at(-1);
  return {
    readers: readerViews(page, emailOf),
    moreReaders:
      readers.length > SHARE_LINK_READERS_PAGE && last
        ? `${last.state === 'pending' ? 0 : 1}.${last.createdAt.getTime()}.${last.id}`
        : null,
  };
}

/** The addresses the forwarded readers among these were forwarded from, by the first reader's id. */
async function forwardedFromEmailsOf(
  ctx: AppContext,
  roomId: string,
  readers: StoredShareReader[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(readers.flatMap((reader) => (reader.forwardedFrom === null ? [] : [reader.forwardedFrom]))),
  ];
  return findReaderEmails(ctx.db, roomId, ids);
}

function readerCursorOf(after: string | undefined): ReaderCursor | undefined {
  if (!after) return undefined;
  const [rank, createdAt, id] = after.split('.');
  return { rank: rank === '0' ? 0 : 1, createdAt: Number(createdAt), id: id ?? '' };
}

function toView(
  keys: SealingKeys,
  link: StoredShareLink,
  /** The link's readers as listed, and where the next page starts. */
  listed: Pick<ShareLinkReaders, 'readers' | 'moreReaders'>,
  counts: { counted: number; waiting: number } | undefined,
  now: Date,
  document: DocumentLinkPart | null,
): ShareLink {
  const readerCount = counts?.counted ?? 0;
  return {
    id: link.id,
    name: link.name,
    groupId: link.groupId,
    allowedDomains: allowedDomainsOf(link),
    requiresApproval: link.isApprovalRequired,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    maxReaders: link.maxReaders,
    namesTheRoom: link.isRoomNamed,
    isDisabled: link.disabledAt !== null,
    state: shareLinkStateOf(link, readerCount, now),
    readerCount,
    createdAt: link.createdAt.toISOString(),
    addressKept: isAddressKept(keys, link),
    waitingCount: counts?.waiting ?? 0,
    ...listed,
    document,
  };
}

/** The room's links, each with its first page of readers (SHARE_LINK_READERS_PAGE) and their counts. */
export async function listRoomShareLinks(ctx: AppContext, founder: RoomUser): Promise<ShareLinks> {
  const room = await requireManagedRoom(ctx, founder);
  return roomShareLinksListed(ctx, room.id);
}

/** The room's links, each with its first page of readers and the counts of all of them. */
async function roomShareLinksListed(ctx: AppContext, roomId: string): Promise<ShareLinks> {
  const [links, readers, counts, documents] = await Promise.all([
    listShareLinks(ctx.db, roomId),
    listFirstReaders(ctx.db, roomId, SHARE_LINK_READERS_PAGE + 1),
    countReadersByLink(ctx.db, roomId),
    documentPartsOf(ctx, roomId),
  ]);
  const emailOf = await forwardedFromEmailsOf(ctx, roomId, readers);
  const now = new Date();
  return {
    links: links.map((link) =>
      toView(
        ctx.shareLinkKeys,
        link,
        readersPage(
          readers.filter((reader) => reader.shareLinkId === link.id),
          emailOf,
        ),
        counts.get(link.id),
        now,
        documents.get(link.id) ?? null,
      ),
    ),
  };
}

/**
 * The room's document links with every reader of each (a document goes to a few people, not hundreds),
 * for "Links" in Analytics (ADR 95).
 */
export async function roomDocumentLinks(ctx: AppContext, roomId: string): Promise<ShareLink[]> {
  const [links, readers, counts, documents] = await Promise.all([
    listShareLinks(ctx.db, roomId),
    listReaders(ctx.db, roomId),
    countReadersByLink(ctx.db, roomId),
    documentPartsOf(ctx, roomId),
  ]);
  const emailOf = new Map(readers.map((reader) => [reader.id, reader.email]));
  const now = new Date();
  return links.flatMap((link) => {
    const document = documents.get(link.id);
    if (!document) return [];
    const own = readers.filter((reader) => reader.shareLinkId === link.id);
    const listed = { readers: readerViews(own, emailOf), moreReaders: null };
    return [toView(ctx.shareLinkKeys, link, listed, counts.get(link.id), now, document)];
  });
}

/** The next page of one link's readers, after an earlier answer's `moreReaders`; 404 for another room's link. */
export async function listShareLinkReaders(
  ctx: AppContext,
  founder: RoomUser,
  linkId: string,
  after: string | undefined,
): Promise<ShareLinkReaders> {
  const room = await requireManagedRoom(ctx, founder);
  if (!(await findShareLink(ctx.db, room.id, linkId))) throw new HttpError(404, 'not_found', LINK_NOT_FOUND);
  const page = await listReaderPage(
    ctx.db,
    room.id,
    linkId,
    SHARE_LINK_READERS_PAGE + 1,
    readerCursorOf(after),
  );
  return readersPage(page, await forwardedFromEmailsOf(ctx, room.id, page));
}

const domainsText = (domains: string[] | null | undefined) =>
  domains === undefined
    ? undefined
    : domains === null || domains.length === 0
      ? null
      : JSON.stringify([...new Set(domains)]);

function requireFutureExpiry(expiresAt: string | null | undefined, now: Date): void {
  if (expiresAt && new Date(expiresAt).getTime() <= now.getTime())
    throw new HttpError(400, 'invalid_request', 'expiresAt: must be in the future', { field: 'expiresAt' });
}

/**
 * Makes a link for a group of the room. Its token is kept sealed (ADR 76), so the address can be copied
 * again; the name must be the room's only one of its kind, whatever its case.
 */
export async function createShareLink(
  ctx: AppContext,
  founder: RoomUser,
  request: CreateShareLinkRequest,
): Promise<CreatedShareLink> {
  const room = await requireManagedRoom(ctx, founder);
  await requireRoomGroup(ctx, room.id, request.groupId);
  return insertNewLink(ctx, founder, room.id, request);
}

/** The options every share link has: a group's, or a document's (document-links.service.ts). */
export type LinkOptions = Omit<CreateShareLinkRequest, 'groupId'> & { groupId: string };

/**
 * Makes a link of the room with these options, under the room's lock (the limit, the unique name), and
 * `alsoWrite` in the same transaction (a document link's own row).
 */
export async function insertNewLink(
  ctx: AppContext,
  founder: RoomUser,
  roomId: string,
  request: LinkOptions,
  alsoWrite?: (trx: DatabaseExecutor, linkId: string) => Promise<void>,
  document: DocumentLinkPart | null = null,
): Promise<CreatedShareLink> {
  const room = { id: roomId };
  const now = new Date();
  requireFutureExpiry(request.expiresAt, now);
  const token = generateToken();
  const id = crypto.randomUUID();
  const sealed = sealToken(ctx.shareLinkKeys, token, id);
  const link: StoredShareLink = {
    id,
    roomId: room.id,
    groupId: request.groupId,
    name: request.name,
    nameKey: shareLinkNameKey(request.name),
    tokenHash: hashToken(token),
    tokenSealed: sealed.sealed,
    tokenKeyId: sealed.keyId,
    allowedDomains: domainsText(request.allowedDomains) ?? null,
    isApprovalRequired: request.requiresApproval ?? false,
    expiresAt: request.expiresAt ? new Date(request.expiresAt) : null,
    maxReaders: request.maxReaders ?? null,
    disabledAt: null,
    createdBy: founder.id,
    createdAt: now,
    // On unless turned off: a reader who got the link in a cold e-mail can tell whose room it is.
    isRoomNamed: request.namesTheRoom ?? true,
  };
  // Counted and named under the room's lock: two requests racing cannot both pass the limit or the name.
  await ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ctx.config.database.dialect, `share-links-of:${room.id}`);
    if ((await countShareLinks(trx, room.id)) >= MAX_SHARE_LINKS_PER_ROOM)
      throw new HttpError(
        400,
        'too_many_share_links',
        `A room has at most ${MAX_SHARE_LINKS_PER_ROOM} share links.`,
      );
    if (await findShareLinkByNameKey(trx, room.id, link.nameKey)) throw nameTaken(request.name);
    await insertShareLink(trx, link);
    await alsoWrite?.(trx, link.id);
  });
  const listed = { readers: [], moreReaders: null };
  return {
    link: toView(ctx.shareLinkKeys, link, listed, undefined, now, document),
    url: shareLinkUrl(ctx, token),
  };
}

/**
 * The link's address, to copy again. An address sealed under an old key (SHARE_LINK_OLD_KEYS) is sealed
 * again under the current one as it is read, so the old key can be dropped once every link was read.
 */
export async function shareLinkAddress(
  ctx: AppContext,
  founder: RoomUser,
  linkId: string,
): Promise<ShareLinkAddress> {
  const room = await requireManagedRoom(ctx, founder);
  const link = await findShareLink(ctx.db, room.id, linkId);
  if (!link) throw new HttpError(404, 'not_found', LINK_NOT_FOUND);
  const opened = openedToken(ctx.shareLinkKeys, link);
  if (!opened) throw new HttpError(409, 'share_link_address_not_kept', ADDRESS_NOT_KEPT);
  if (!opened.isCurrent && link.tokenSealed !== null && link.tokenKeyId !== null)
    await resealShareLinkToken(
      ctx.db,
      link.id,
      { sealed: link.tokenSealed, keyId: link.tokenKeyId },
      sealToken(ctx.shareLinkKeys, opened.token, link.id),
    );
  return { url: shareLinkUrl(ctx, opened.token) };
}

/**
 * Gives the link a new address: the old one stops letting anyone in at once, while the link keeps its
 * id, settings, readers and analytics. For a link whose address was not kept, or one sent too widely.
 */
export async function renewShareLinkAddress(
  ctx: AppContext,
  founder: RoomUser,
  linkId: string,
): Promise<CreatedShareLink> {
  const room = await requireManagedRoom(ctx, founder);
  const link = await findShareLink(ctx.db, room.id, linkId);
  if (!link) throw new HttpError(404, 'not_found', LINK_NOT_FOUND);
  const token = generateToken();
  const sealed = sealToken(ctx.shareLinkKeys, token, link.id);
  await replaceShareLinkToken(ctx.db, link.id, { tokenHash: hashToken(token), ...sealed });
  return { link: await viewOf(ctx, room.id, link.id, new Date()), url: shareLinkUrl(ctx, token) };
}

/**
 * Changes a link: its name, domains, approval, expiry, maximum, whether its page names the room, or turns
 * it off or on again.
 */
export async function changeShareLink(
  ctx: AppContext,
  founder: RoomUser,
  linkId: string,
  request: UpdateShareLinkRequest,
): Promise<ShareLink> {
  const room = await requireManagedRoom(ctx, founder);
  const now = new Date();
  requireFutureExpiry(request.expiresAt, now);
  const link = await findShareLink(ctx.db, room.id, linkId);
  if (!link) throw new HttpError(404, 'not_found', LINK_NOT_FOUND);
  const changes = {
    name: request.name,
    name_key: request.name === undefined ? undefined : shareLinkNameKey(request.name),
    allowed_domains: domainsText(request.allowedDomains),
    is_approval_required:
      request.requiresApproval === undefined ? undefined : toFlag(request.requiresApproval),
    expires_at:
      request.expiresAt === undefined
        ? undefined
        : request.expiresAt === null
          ? null
          : toEpochMs(new Date(request.expiresAt)),
    max_readers: request.maxReaders,
    is_room_named: request.namesTheRoom === undefined ? undefined : toFlag(request.namesTheRoom),
    disabled_at:
      request.isDisabled === undefined
        ? undefined
        : request.isDisabled
          ? link.disabledAt
            ? toEpochMs(link.disabledAt)
            : toEpochMs(now)
          : null,
  };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const documentChanges = await documentLinkChanges(ctx, link.id, request);
  await ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ctx.config.database.dialect, `share-links-of:${room.id}`);
    if (
      request.name !== undefined &&
      (await findShareLinkByNameKey(trx, room.id, shareLinkNameKey(request.name), link.id))
    )
      throw nameTaken(request.name);
    await updateShareLink(trx, link.id, defined);
    await updateDocumentLink(trx, link.id, documentChanges);
  });
  return viewOf(ctx, room.id, link.id, now);
}

async function viewOf(ctx: AppContext, roomId: string, linkId: string, now: Date): Promise<ShareLink> {
  const link = await findShareLink(ctx.db, roomId, linkId);
  if (!link) throw new HttpError(404, 'not_found', LINK_NOT_FOUND);
  const [readers, counts, documents] = await Promise.all([
    listReaderPage(ctx.db, roomId, linkId, SHARE_LINK_READERS_PAGE + 1),
    countReadersByLink(ctx.db, roomId, linkId),
    documentPartsOf(ctx, roomId),
  ]);
  const listed = readersPage(readers, await forwardedFromEmailsOf(ctx, roomId, readers));
  return toView(ctx.shareLinkKeys, link, listed, counts.get(linkId), now, documents.get(link.id) ?? null);
}

/**
 * Lets in, or refuses, a reader waiting for approval. Let in: an accepted-on-sign-in invitation of the
 * link's group is written, and the reader is mailed a sign-in link back to the room; refused: they are
 * told by mail, and the link never lets that address in.
 */
export async function decideShareReader(
  ctx: AppContext,
  founder: RoomUser,
  readerId: string,
  request: ShareReaderDecision,
  ip: string,
): Promise<ShareLink> {
  const room = await requireManagedRoom(ctx, founder);
  const reader = await findRoomReader(ctx.db, room.id, readerId);
  if (!reader) throw new HttpError(404, 'not_found', 'Nobody is waiting with that request.');
  const link = await findShareLink(ctx.db, room.id, reader.shareLinkId);
  if (!link) throw new HttpError(404, 'not_found', LINK_NOT_FOUND);
  const now = new Date();
  const decided = await ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ctx.config.database.dialect, `share-link:${link.id}`);
    const state = request.decision === 'approve' ? 'admitted' : 'refused';
    if (!(await decideReader(trx, reader.id, state, now))) return false;
    if (state === 'refused') return true;
    // A document link's reader enters by a new code of the link (ADR 95): never invited to the room.
    if (await findDocumentLink(trx, link.id)) return true;
    // The magic link mailed below accepts this invitation (link-invitations.ts).
    if (!(await isAlreadyInRoom(trx, room.id, reader.email, now)))
      await inviteFromLink(trx, link, reader.email, now);
    return true;
  });
  if (!decided) throw new HttpError(409, 'already_decided', `${reader.email} was already let in or refused.`);
  if ((await findDocumentLink(ctx.db, link.id)) && request.decision === 'approve')
    await tellDocumentReader(ctx, link, reader.email);
  else await tellReader(ctx, room.id, reader.email, request.decision, ip);
  return viewOf(ctx, room.id, link.id, now);
}

/** A document link's reader let in: the link's address again (its code now opens the document). */
async function tellDocumentReader(ctx: AppContext, link: StoredShareLink, email: string): Promise<void> {
  try {
    const opened = openedToken(ctx.shareLinkKeys, link);
    if (!opened) return;
    const [companyName = 'this company'] = await companyNamesFor(ctx.db, undefined, [link.roomId]);
    await ctx.mailer.send(
      documentApprovedEmail({ to: email, companyName, linkUrl: shareLinkUrl(ctx, opened.token) }),
    );
  } catch (error) {
    ctx.log.error({ err: error, email }, 'the document link reader could not be told the decision');
  }
}

/** The reader's mail of the outcome; a failure to send is logged, never undoes the founder's decision. */
async function tellReader(
  ctx: AppContext,
  roomId: string,
  email: string,
  decision: ShareReaderDecision['decision'],
  ip: string,
): Promise<void> {
  try {
    if (decision === 'approve') {
      // Sent by the founder's decision, not asked for by a browser: the reader confirms it with one button.
      await requestMagicLink(ctx, email, ip, {
        returnTo: paths.dataRoomById.replace(':id', roomId),
        browserMarkHash: null,
      });
    } else {
      const [companyName = 'this company'] = await companyNamesFor(ctx.db, undefined, [roomId]);
      await ctx.mailer.send(shareRefusedEmail({ to: email, companyName, appUrl: ctx.config.appUrl }));
    }
  } catch (error) {
    ctx.log.error({ err: error, email }, 'the share link reader could not be told the decision');
  }
}

/**
 * The addresses a link of the room brought, for analytics and exports filtered by link; a link of
 * another room, or none, is the same 404 as a missing one.
 */
export async function investorEmailsOfShareLink(
  ctx: AppContext,
  roomId: string,
  linkId: string,
): Promise<Set<string>> {
  if (!(await findShareLink(ctx.db, roomId, linkId)))
    throw new HttpError(
      404,
      'share_link_not_found',
      'shareLink: that share link does not exist in this data room.',
      {
        field: 'shareLink',
      },
    );
  return new Set(await listAddressesBroughtBy(ctx.db, roomId, linkId));
}
