import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { lockForTransaction } from '#server/db/transaction-lock';
import { INVITATION_TTL_MS } from '#server/durations';
import { findUserByEmail, peopleOfRooms, type User } from '#server/features/accounts/index';
import { mailBrandOf } from '#server/features/brand/index';
import {
  type DataRoom,
  endInvestorAccessAt,
  findManagedRoom,
  type InvitationLinks,
  inviteeAccessOf,
  isMemberOfRoom,
  listManagers,
  placeInvestor,
  removeEditor,
  removeInvestor,
  requireManagedRoom,
  requireRoomGroup,
  requireRoomOwner,
} from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import { generateToken, hashToken } from '#server/security/tokens';
import { emitWebhookEvent, stopEndpointsAddedBy } from '#server/webhooks/webhook-events';
import { emailField, optionalText } from '#shared/contracts/fields';
import type { BulkInvitationResponse, BulkInvitationResult, Invitation } from '#shared/contracts/invitations';
import type { Team, TeamMember } from '#shared/contracts/team';
import { readBulkAddresses } from './bulk-addresses';
import { sendRoomInvitation } from './invitation-sending';
import { editorInvitationEmail, invitationEmail } from './invitations.mails';
import {
  acceptInvestorInvitationRow,
  acceptPendingInvitations as acceptPendingInvitationRows,
  findInvestorInvitationByTokenHash,
  findRoomInvitation,
  findUsableInvitationByTokenHash,
  type InvitationRole,
  isRemovedFromRoom as isRemovedFromRoomRow,
  listPendingInvitationsFor as listPendingInvitationRows,
  listRoomInvitations,
  recordRemoval,
  type StoredInvitation,
  updateInvitation,
} from './invitations.repository';
import type { InviteeDownloads } from './invitee-downloads';

/** Invitations for this e-mail that can still be accepted: unused, undeleted, unexpired. */
export async function listPendingInvitationsFor(
  db: DatabaseExecutor,
  email: string,
  now: Date,
): Promise<StoredInvitation[]> {
  return listPendingInvitationRows(db, email, now);
}

/**
 * Accepts every invitation of this e-mail that can still be accepted, in one conditional statement,
 * and returns their rooms and what each makes the invitee: an invitation deleted a moment before is
 * not accepted. Only a proof of the mailbox (a magic link, a typed sign-in code) accepts them all (ADR 74).
 */
export async function acceptPendingInvitations(
  db: DatabaseExecutor,
  email: string,
  now: Date,
): Promise<{ id: string; roomId: string; role: InvitationRole }[]> {
  const accepted = await acceptPendingInvitationRows(db, email, now);
  for (const invitation of accepted) await announceAcceptance(db, invitation, email, now);
  return accepted.map(({ id, roomId, role }) => ({ id, roomId, role }));
}

/**
 * Accepts the one investor invitation a proof of one room names (its link, or the one a share link
 * wrote), and none other of the address (ADR 74). False when it can no longer be accepted: a concurrent
 * request accepted it first, or it was deleted or expired a moment before.
 */
export async function acceptInvestorInvitation(
  db: DatabaseExecutor,
  invitationId: string,
  email: string,
  now: Date,
): Promise<boolean> {
  const accepted = await acceptInvestorInvitationRow(db, invitationId, now);
  if (accepted) await announceAcceptance(db, accepted, email, now);
  return accepted !== undefined;
}

/** In the sign-in's transaction: the acceptance and its webhook deliveries commit together (ADR 52). */
async function announceAcceptance(
  db: DatabaseExecutor,
  invitation: { id: string; roomId: string; role: InvitationRole; name: string | null },
  email: string,
  now: Date,
): Promise<void> {
  await emitWebhookEvent(
    db,
    invitation.roomId,
    'invitation.accepted',
    {
      roomId: invitation.roomId,
      invitationId: invitation.id,
      email,
      name: invitation.name,
      role: invitation.role,
      acceptedAt: now.toISOString(),
    },
    now,
  );
}

/** An investor invitation as its link's holder may learn it (docs/decisions/0055-invitation-as-credential.md). */
export interface InvitationLink {
  id: string;
  roomId: string;
  email: string;
  name: string | null;
  expiresAt: Date;
  state: 'pending' | 'accepted' | 'expired' | 'withdrawn';
}

/**
 * The investor invitation a link's token names, and what the link can still do; undefined for a token
 * no investor invitation has. Withdrawn wins over accepted: the founder ended that access.
 */
export async function findInvitationLink(
  db: DatabaseExecutor,
  token: string,
  now: Date,
): Promise<InvitationLink | undefined> {
  const invitation = await findInvestorInvitationByTokenHash(db, hashToken(token));
  if (!invitation) return undefined;
  const state =
    invitation.revokedAt !== null
      ? 'withdrawn'
      : invitation.usedAt !== null
        ? 'accepted'
        : invitation.expiresAt <= now
          ? 'expired'
          : 'pending';
  return {
    id: invitation.id,
    roomId: invitation.roomId,
    email: invitation.email,
    name: invitation.name,
    expiresAt: invitation.expiresAt,
    state,
  };
}

/**
 * Whether a founder removed this address from the room and has not invited it again (ADR 74): every way
 * in refuses it.
 */
export async function isRemovedFromRoom(
  db: DatabaseExecutor,
  roomId: string,
  email: string,
): Promise<boolean> {
  return isRemovedFromRoomRow(db, roomId, email);
}

/** A still usable invitation link, as room content's InvitationLinks asks for the invited view. */
export async function findUsableInvitationLink(
  ctx: AppContext,
  token: string,
): ReturnType<InvitationLinks['findUsable']> {
  const invitation = await findUsableInvitationByTokenHash(ctx.db, hashToken(token), new Date());
  return invitation && { id: invitation.id, roomId: invitation.roomId, email: invitation.email };
}

function toInvitationView(invitation: StoredInvitation, now: Date): Invitation {
  const status =
    invitation.usedAt !== null ? 'accepted' : invitation.expiresAt <= now ? 'expired' : 'pending';
  return {
    id: invitation.id,
    email: invitation.email,
    name: invitation.name,
    status,
    used: invitation.usedAt !== null,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** What a founder writes when inviting an investor: the address, and optionally a name and a note. */
export interface InvestorInvitationInput {
  email: string;
  name?: string | undefined;
  personalMessage?: string | undefined;
  /** The group they join; the room's default group ("All investors") without one. */
  groupId?: string | undefined;
  /** When their access ends (in the future); null for no end; absent leaves any end already set. */
  accessExpiresAt?: string | null | undefined;
}

/** The end of access asked for, refused with its field unless in the future (undefined: none asked). */
function requestedAccessEnd(accessExpiresAt: string | null | undefined): Date | null | undefined {
  if (accessExpiresAt === undefined || accessExpiresAt === null) return accessExpiresAt;
  const ends = new Date(accessExpiresAt);
  if (ends.getTime() <= Date.now())
    throw new HttpError(400, 'invalid_request', 'accessExpiresAt: must be in the future', {
      field: 'accessExpiresAt',
    });
  return ends;
}

/**
 * Invites an investor by e-mail, to the room the caller manages (its owner or an editor). An open
 * invitation for the same e-mail is refreshed (new link, new expiry) rather than duplicated. The
 * database is only left changed if the e-mail went out.
 */
export async function inviteInvestor(
  ctx: AppContext,
  downloads: InviteeDownloads,
  inviter: User,
  input: InvestorInvitationInput,
): Promise<Invitation> {
  const room = await requireManagedRoom(ctx, inviter);
  return inviteInvestorToRoom(ctx, downloads, inviter, room, input);
}

/**
 * Whether the invitation may say the documents can be downloaded: only if the investor, in the group
 * they will read in, may download one of them (ADR 43, ADR 92). Where they may read no document yet,
 * the room's switch (narrowed by a view-only group) says what those to come will allow.
 */
async function inviteeMayDownload(
  ctx: AppContext,
  downloads: InviteeDownloads,
  room: DataRoom,
  input: InvestorInvitationInput,
): Promise<boolean> {
  const access = await inviteeAccessOf(ctx, room.id, input.email, input.groupId);
  return access !== undefined && (await downloads.mayDownloadAny(ctx, room, access));
}

async function inviteInvestorToRoom(
  ctx: AppContext,
  downloads: InviteeDownloads,
  inviter: User,
  room: DataRoom,
  input: InvestorInvitationInput,
): Promise<Invitation> {
  refuseOwnAddress(inviter, input.email);
  const accessEnds = requestedAccessEnd(input.accessExpiresAt);
  if (input.groupId !== undefined) await requireRoomGroup(ctx, room.id, input.groupId);
  const invitee = await findUserByEmail(ctx.db, input.email);
  if (invitee && (await isMemberOfRoom(ctx.db, room.id, invitee.id))) {
    throw new HttpError(409, 'already_member', `${input.email} already has access to this data room.`);
  }
  const mayDownload = await inviteeMayDownload(ctx, downloads, room, input);
  const brand = await mailBrandOf(ctx, room.id);
  const { row, now } = await sendRoomInvitation(ctx, inviter, room, 'investor', input, (token, saved) =>
    invitationEmail({
      brand,
      to: saved.email,
      inviteeName: saved.name,
      inviterName: inviter.name,
      companyName: room.companyName,
      link: investorInvitationLink(ctx, token),
      expiresAt: saved.expiresAt,
      personalMessage: saved.personalMessage,
      // What they will be able to do decides the wording: "read", and "download" only if they may (ADR 92).
      documentsAreViewOnly: !mayDownload,
    }),
  );
  // Once the mail went out, as the invitation itself (ADR 68: one group per investor, by address).
  if (input.groupId !== undefined) await placeInvestor(ctx, room.id, row.email, input.groupId);
  if (accessEnds !== undefined) await endInvestorAccessAt(ctx, room.id, row.email, accessEnds);
  return toInvitationView(row, now);
}

const investorInvitationLink = (ctx: AppContext, token: string) =>
  `${ctx.config.appUrl}/data-room?invite=${token}`;

/**
 * Sends a pending investor invitation again (docs/decisions/0060-invitation-links-resend-and-bulk.md):
 * a new link in a new e-mail, the old link dead, seven days from now, with the same name and personal
 * message. It counts against the room's daily limit like any invitation sent. An accepted invitation
 * has nothing to resend (409).
 */
export async function resendInvitation(
  ctx: AppContext,
  downloads: InviteeDownloads,
  manager: User,
  invitationId: string,
): Promise<Invitation> {
  const room = await requireManagedRoom(ctx, manager);
  const invitation = await requirePendingInvitation(ctx.db, room.id, invitationId);
  return inviteInvestorToRoom(ctx, downloads, manager, room, {
    email: invitation.email,
    name: invitation.name ?? undefined,
    personalMessage: invitation.personalMessage ?? undefined,
  });
}

/**
 * A new link for a pending investor invitation, for the founder to pass on themself (ADR 60). Only a
 * hash of each link is stored, so the link cannot be shown again: a new one is made, valid seven days,
 * and the one in the e-mail stops working. No e-mail is sent, so the daily limit does not count it.
 */
export async function copyInvitationLink(
  ctx: AppContext,
  manager: User,
  invitationId: string,
): Promise<{ link: string; invitation: Invitation }> {
  const room = await requireManagedRoom(ctx, manager);
  const token = generateToken();
  const now = new Date();
  const fresh = { tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) };
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The room's invitation lock: a resend at the same moment either precedes this link or replaces it.
    await lockForTransaction(trx, ctx.config.database.dialect, `invitations:${room.id}`);
    const invitation = await requirePendingInvitation(trx, room.id, invitationId);
    await updateInvitation(trx, invitation.id, fresh);
    return { ...invitation, ...fresh };
  });
  return { link: investorInvitationLink(ctx, token), invitation: toInvitationView(row, now) };
}

async function requirePendingInvitation(
  db: DatabaseExecutor,
  roomId: string,
  invitationId: string,
): Promise<StoredInvitation> {
  const invitation = await findRoomInvitation(db, roomId, invitationId, 'investor');
  if (!invitation) throw new HttpError(404, 'not_found', 'That invitation does not exist.');
  if (invitation.usedAt !== null) {
    throw new HttpError(
      409,
      'invitation_accepted',
      `${invitation.email} has accepted this invitation and has access: there is no link to send.`,
    );
  }
  return invitation;
}

/** One bulk invitation's answer for one entry: invited, or refused with the reason. */
type BulkOutcome = BulkInvitationResult;

/**
 * Invites every address of a pasted list or CSV (ADR 60), one by one through the same rules as a single
 * invitation, and answers for each: invited, or refused with the reason (not an address, listed twice,
 * one's own, already in the room, the daily limit reached, the e-mail not sent). Once the room's daily
 * limit is reached the remaining addresses are refused without touching the database or the mail server,
 * so a list of 10,000 answers at once.
 */
export async function inviteInvestorsInBulk(
  ctx: AppContext,
  downloads: InviteeDownloads,
  inviter: User,
  input: {
    addresses: string;
    personalMessage?: string | undefined;
    groupId?: string | undefined;
    accessExpiresAt?: string | null | undefined;
  },
): Promise<BulkInvitationResponse> {
  const room = await requireManagedRoom(ctx, inviter);
  // An end in the past refuses the whole list, as a group not of this room does.
  requestedAccessEnd(input.accessExpiresAt);
  // A group not of this room refuses the whole list before any address is invited or mailed.
  if (input.groupId !== undefined) await requireRoomGroup(ctx, room.id, input.groupId);
  const entries = readBulkAddresses(input.addresses);
  const personalMessage = input.personalMessage || undefined;
  const listed = new Set<string>();
  let limitReached: string | null = null;
  const results: BulkOutcome[] = [];
  for (const entry of entries) {
    const refuse = (reason: string): BulkOutcome => ({
      entry: shortened(entry.text),
      status: 'refused',
      reason,
      invitation: null,
    });
    const email = emailField.safeParse(entry.text);
    if (!email.success) {
      results.push(refuse(notAnAddress(entry.text, email.error.issues[0]?.message)));
      continue;
    }
    const name = optionalText(100).safeParse(entry.name);
    if (!name.success) {
      results.push(refuse(`The name ${name.error.issues[0]?.message ?? 'is unreadable'}.`));
      continue;
    }
    if (listed.has(email.data)) {
      results.push(refuse('Listed more than once: invited once, from its first line.'));
      continue;
    }
    listed.add(email.data);
    if (email.data === inviter.email) {
      results.push(refuse('That is your own address.'));
      continue;
    }
    if (limitReached) {
      results.push(refuse(limitReached));
      continue;
    }
    try {
      const invitation = await inviteInvestorToRoom(ctx, downloads, inviter, room, {
        email: email.data,
        name: name.data || undefined,
        personalMessage,
        groupId: input.groupId,
        accessExpiresAt: input.accessExpiresAt,
      });
      results.push({ entry: shortened(entry.text), status: 'invited', reason: null, invitation });
    } catch (error) {
      // A refusal (4xx) or a mail that did not go out (502) is this address's answer; anything else is a fault.
      const answersThisAddress =
        error instanceof HttpError && (error.statusCode < 500 || error.statusCode === 502);
      if (!answersThisAddress) throw error;
      if (error.statusCode === 429) limitReached = error.message;
      results.push(refuse(error.message));
    }
  }
  const invitedCount = results.filter((result) => result.status === 'invited').length;
  const refusedCount = results.length - invitedCount;
  return {
    message: `${plural(invitedCount, 'invitation')} sent, ${plural(refusedCount, 'address', 'addresses')} refused`,
    invitedCount,
    refusedCount,
    results,
  };
}

/**
 * Why an entry is no address, in words the list shows after the entry itself: text with no @ is most
 * likely a name typed beside an address, so it says where a name goes.
 */
function notAnAddress(text: string, issue: string | undefined): string {
  if (!text.includes('@'))
    return 'Not an e-mail address (a name goes in a CSV “name” column, or as Name <address>).';
  return issue && issue !== 'must be a valid e-mail address'
    ? `Not an e-mail address: it ${issue}.`
    : 'Not an e-mail address.';
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** An entry echoed back is bounded: a hostile cell of half a megabyte comes back as its first 200 characters. */
const shortened = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

function refuseOwnAddress(inviter: User, email: string): void {
  if (email === inviter.email) {
    throw new HttpError(400, 'invalid_request', 'email: you cannot invite yourself', { field: 'email' });
  }
}

/** The investor invitations of the room the caller manages (co-founders' are the team's). */
export async function listInvitations(ctx: AppContext, manager: User): Promise<Invitation[]> {
  const room = await requireManagedRoom(ctx, manager);
  const now = new Date();
  return (await listRoomInvitations(ctx.db, room.id, 'investor')).map((row) => toInvitationView(row, now));
}

/**
 * Deletes an investor invitation. Its link stops working, and if it was accepted the investor loses
 * access to the room at once (their session stays, but no longer reaches this room). A co-founder's
 * invitation is not found here: only the owner removes co-founders (removeEditorInvitation).
 */
export async function deleteInvitation(ctx: AppContext, manager: User, invitationId: string): Promise<void> {
  const room = await requireManagedRoom(ctx, manager);
  await revokeInvitation(ctx, room, invitationId, 'investor', manager.id);
}

/**
 * Revokes a room's invitation of this role and ends the access it gave, in one transaction: the next
 * request of the person it named is refused (every authorisation fact is read again after a write).
 */
async function revokeInvitation(
  ctx: AppContext,
  room: DataRoom,
  invitationId: string,
  role: InvitationRole,
  removedBy: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const invitation = await findRoomInvitation(trx, room.id, invitationId, role);
    if (!invitation) throw new HttpError(404, 'not_found', 'That invitation does not exist.');
    const now = new Date();
    await updateInvitation(trx, invitation.id, { revokedAt: now });
    // Removal holds on every way in (a share link, another invitation's link) until they are invited again.
    if (role === 'investor')
      await recordRemoval(trx, { roomId: room.id, email: invitation.email, removedBy, removedAt: now });
    const invitee = await findUserByEmail(trx, invitation.email);
    if (!invitee) return;
    if (role === 'investor') await removeInvestor(trx, room.id, invitee.id);
    else {
      await removeEditor(trx, room.id, invitee.id);
      await stopEndpointsAddedBy(trx, room.id, invitee.id, new Date());
    }
  });
}

/**
 * The room's team (docs/decisions/0047-room-editors.md): its owner, the co-founders who joined, and the
 * co-founder invitations still open. Any manager reads it; only the owner may change it.
 */
export async function getTeam(ctx: AppContext, manager: User): Promise<Team> {
  const room = await requireManagedRoom(ctx, manager);
  const now = new Date();
  const managers = await listManagers(ctx, peopleOfRooms, room.id);
  const members: TeamMember[] = managers
    .filter((person) => person.role === 'owner')
    .map((owner) => ({
      id: owner.id,
      name: owner.name,
      email: owner.email,
      role: 'owner',
      status: 'active',
      createdAt: owner.createdAt.toISOString(),
    }));
  const editorsByEmail = new Map(
    managers.filter((person) => person.role === 'editor').map((editor) => [editor.email, editor]),
  );
  for (const invitation of (await listRoomInvitations(ctx.db, room.id, 'editor')).reverse()) {
    const editor = editorsByEmail.get(invitation.email);
    // An accepted invitation whose editor is gone (an account deleted) is nobody on the team.
    if (invitation.usedAt !== null && !editor) continue;
    members.push(toTeamMember(invitation, editor, now));
  }
  return { members, canManageTeam: room.ownerId === manager.id };
}

function toTeamMember(
  invitation: StoredInvitation,
  editor: { name: string; createdAt: Date } | undefined,
  now: Date,
): TeamMember {
  return {
    id: invitation.id,
    name: editor?.name ?? invitation.name,
    email: invitation.email,
    role: 'editor',
    status: editor ? 'active' : invitation.expiresAt <= now ? 'expired' : 'pending',
    createdAt: (editor?.createdAt ?? invitation.createdAt).toISOString(),
  };
}

/**
 * The owner invites a co-founder as an editor of their room (owner only). Refused: one's own address
 * (400); someone who already has access to the room, as an editor or an investor (409: an investor's
 * invitation is deleted first, so the log never mixes their investor activity with a co-founder's); and
 * someone who manages another data room (409: the console serves one room per person).
 */
export async function inviteEditor(
  ctx: AppContext,
  owner: User,
  input: { email: string; name?: string | undefined },
): Promise<TeamMember> {
  const room = await requireRoomOwner(ctx, owner);
  refuseOwnAddress(owner, input.email);
  const invitee = await findUserByEmail(ctx.db, input.email);
  if (invitee) {
    const managed = await findManagedRoom(ctx, invitee);
    if (managed?.room.id === room.id) {
      throw new HttpError(409, 'already_member', `${input.email} is already a co-founder of this data room.`);
    }
    if (managed) {
      throw new HttpError(
        409,
        'manages_another_room',
        `${input.email} already manages another data room. A person can manage one data room.`,
      );
    }
    if (await isMemberOfRoom(ctx.db, room.id, invitee.id)) {
      throw new HttpError(
        409,
        'already_member',
        `${input.email} is an investor in this data room. Delete their invitation first to invite them as a co-founder.`,
      );
    }
  }
  const { row, now } = await sendRoomInvitation(ctx, owner, room, 'editor', input, (_token, saved) =>
    editorInvitationEmail({
      to: input.email,
      inviteeName: saved.name,
      inviterName: owner.name,
      companyName: room.companyName,
      // A co-founder signs in like everyone else: the link asks for a one-time sign-in link.
      link: `${ctx.config.appUrl}/login?email=${encodeURIComponent(input.email)}`,
      expiresAt: saved.expiresAt,
    }),
  );
  return toTeamMember(row, undefined, now);
}

/**
 * The owner removes a co-founder, or withdraws their invitation (owner only). A removed editor keeps
 * their session but every console request is refused from the next one on.
 */
export async function removeEditorInvitation(
  ctx: AppContext,
  owner: User,
  invitationId: string,
): Promise<void> {
  const room = await requireRoomOwner(ctx, owner);
  await revokeInvitation(ctx, room, invitationId, 'editor', owner.id);
}
