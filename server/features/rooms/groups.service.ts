import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { HttpError } from '#server/plugins/errors';
import {
  type CreateGroupRequest,
  type InvestorAccessRequest,
  type InvestorGroup as InvestorGroupView,
  MAX_GROUPS_PER_ROOM,
  type MoveInvestorRequest,
  type RoomGroups,
  type SectionVisibilityRequest,
  type UpdateGroupRequest,
} from '#shared/contracts/groups';
import { type ParsedSections, sectionKeyOf } from '#shared/sections-markdown';
import {
  deleteGroup,
  findGroup,
  findGroupByName,
  findRestrictedSections,
  type InvestorGroup,
  insertGroup,
  listGroups,
  listInvestorPlaces,
  setInvestorAccessEnd,
  setInvestorGroup,
  setSectionGroups,
  updateGroup,
} from './groups.repository';
import {
  audienceAccessOf,
  groupAccessOf,
  hiddenSectionsOf,
  type PreviewAudience,
  type ReaderAccess,
} from './readability';
import type { InvestorDirectory } from './room-invitations';
import { type DataRoom, listRoomInvestors } from './rooms.repository';
import { parsedSectionsOf, requireManagedRoom } from './rooms.service';
import type { RoomUser } from './visitors';

/**
 * The founder's investor groups (docs/decisions/0068-investor-groups.md; docs/product-rules.md#groups):
 * add, rename, remove, make view-only; move investors; choose the groups a section is shown to. Each
 * change is a write to a table the readability rule reads, so every reader's next request, on every
 * node, is answered by the new rule (readability.ts, readableRoomsCache).
 */

const GROUP_NOT_FOUND = 'That group does not exist.';

function toView(group: InvestorGroup): InvestorGroupView {
  return { id: group.id, name: group.name, isDefault: group.isDefault, isViewOnly: group.isViewOnly };
}

/** The room's groups, where each investor is, and each section's groups. */
export async function listRoomGroups(
  ctx: AppContext,
  directory: InvestorDirectory,
  founder: RoomUser,
): Promise<RoomGroups> {
  return roomGroupsOf(ctx, directory, await requireManagedRoom(ctx, founder));
}

/**
 * Every investor of the room by address: its investor members (their accounts' addresses) and its
 * investor invitations not withdrawn (an invitation and the member it became share one address, so one
 * place); a member whose account is gone is left out. Lower case, sorted.
 */
async function investorAddressesOf(
  db: DatabaseExecutor,
  directory: InvestorDirectory,
  roomId: string,
): Promise<string[]> {
  const members = await listRoomInvestors(db, roomId);
  const users = await directory.people.usersByIds(
    db,
    members.map((member) => member.userId),
  );
  const invited = await directory.invitations.investorAddresses(db, roomId);
  const emails = [...[...users.values()].map((user) => user.email), ...invited];
  return [...new Set(emails.map((email) => email.toLowerCase()))].sort();
}

async function roomGroupsOf(
  ctx: AppContext,
  directory: InvestorDirectory,
  room: DataRoom,
): Promise<RoomGroups> {
  const groups = await listGroups(ctx.db, room.id);
  const known = new Set(groups.map((group) => group.id));
  const places = new Map((await listInvestorPlaces(ctx.db, room.id)).map((place) => [place.email, place]));
  const investors = (await investorAddressesOf(ctx.db, directory, room.id)).map((email) => {
    const place = places.get(email);
    const groupId = place?.groupId && known.has(place.groupId) ? place.groupId : room.id;
    return { email, groupId, accessExpiresAt: place?.accessExpiresAt?.toISOString() ?? null };
  });
  const restricted = await findRestrictedSections(ctx.db, room.id);
  const sections = (await parsedSectionsOf(ctx, room)).sections.map((section) => {
    const visibleTo = restricted.get(sectionKeyOf(section.name));
    return { name: section.name, visibleTo: visibleTo ? visibleTo.filter((id) => known.has(id)) : null };
  });
  return { groups: groups.map(toView), investors, sections };
}

/**
 * The readability rule's answer for every investor of the room at once (the engagement score, ADR 89): by
 * address, their group and what it may see, as investorAccessOf answers one investor; an investor whose
 * access has ended is absent. Groups and sections are read once for the room, not once per investor.
 */
export async function investorAccessOfRoom(
  ctx: AppContext,
  directory: InvestorDirectory,
  roomId: string,
  now = new Date(),
): Promise<Map<string, { groupId: string; access: ReaderAccess }>> {
  const groups = new Map((await listGroups(ctx.db, roomId)).map((group) => [group.id, group]));
  const places = new Map((await listInvestorPlaces(ctx.db, roomId)).map((place) => [place.email, place]));
  const accessOfGroup = new Map<string, ReaderAccess>();
  const answer = new Map<string, { groupId: string; access: ReaderAccess }>();
  for (const email of await investorAddressesOf(ctx.db, directory, roomId)) {
    const place = places.get(email);
    if (place?.accessExpiresAt && place.accessExpiresAt.getTime() <= now.getTime()) continue;
    const group = groups.get(place?.groupId ?? roomId) ?? groups.get(roomId);
    const groupId = group?.id ?? roomId;
    let access = accessOfGroup.get(groupId);
    if (!access) {
      access = await groupAccessOf(ctx, roomId, {
        group: { id: groupId, isViewOnly: group?.isViewOnly ?? false },
        accessExpiresAt: null,
      });
      accessOfGroup.set(groupId, access);
    }
    answer.set(email, { groupId, access: { ...access, accessExpiresAt: place?.accessExpiresAt ?? null } });
  }
  return answer;
}

async function requireUnusedName(ctx: AppContext, roomId: string, name: string, except?: string) {
  const existing = await findGroupByName(ctx.db, roomId, name);
  if (existing && existing.id !== except)
    throw new HttpError(409, 'group_exists', `A group named "${name}" already exists.`, { field: 'name' });
}

export async function createGroup(
  ctx: AppContext,
  founder: RoomUser,
  request: CreateGroupRequest,
): Promise<InvestorGroupView> {
  const room = await requireManagedRoom(ctx, founder);
  await requireUnusedName(ctx, room.id, request.name);
  if ((await listGroups(ctx.db, room.id)).length >= MAX_GROUPS_PER_ROOM)
    throw new HttpError(400, 'too_many_groups', `A room has at most ${MAX_GROUPS_PER_ROOM} groups.`);
  const group: InvestorGroup = {
    id: crypto.randomUUID(),
    roomId: room.id,
    name: request.name,
    isDefault: false,
    isViewOnly: request.isViewOnly ?? false,
    createdAt: new Date(),
  };
  await insertGroup(ctx.db, group);
  return toView(group);
}

export async function changeGroup(
  ctx: AppContext,
  founder: RoomUser,
  groupId: string,
  request: UpdateGroupRequest,
): Promise<InvestorGroupView> {
  const room = await requireManagedRoom(ctx, founder);
  const group = await findGroup(ctx.db, room.id, groupId);
  if (!group) throw new HttpError(404, 'not_found', GROUP_NOT_FOUND);
  if (request.name !== undefined) await requireUnusedName(ctx, room.id, request.name, group.id);
  await updateGroup(ctx.db, room.id, group.id, request);
  return toView({ ...group, ...request });
}

/**
 * Removes a group: its people are in "All investors" from their next request; a section shown only to
 * it is then shown to no investor (never to everyone) until the founder chooses again.
 */
export async function removeGroup(ctx: AppContext, founder: RoomUser, groupId: string): Promise<void> {
  const room = await requireManagedRoom(ctx, founder);
  const group = await findGroup(ctx.db, room.id, groupId);
  if (!group) throw new HttpError(404, 'not_found', GROUP_NOT_FOUND);
  if (group.isDefault) throw new HttpError(400, 'default_group', '"All investors" cannot be removed.');
  await deleteGroup(ctx.db, room.id, group.id);
}

async function requireInvestor(
  ctx: AppContext,
  directory: InvestorDirectory,
  roomId: string,
  email: string,
): Promise<void> {
  if (!(await investorAddressesOf(ctx.db, directory, roomId)).includes(email))
    throw new HttpError(404, 'investor_not_found', 'No investor of this data room has that e-mail address.', {
      field: 'email',
    });
}

/**
 * Sets when an investor's access ends, or extends it; past it they are refused on every route of the
 * room, on every node, as someone never invited (readability.ts: no cached answer outlives it).
 */
export async function setInvestorAccess(
  ctx: AppContext,
  directory: InvestorDirectory,
  founder: RoomUser,
  request: InvestorAccessRequest,
): Promise<RoomGroups> {
  const room = await requireManagedRoom(ctx, founder);
  await requireInvestor(ctx, directory, room.id, request.email);
  const ends = request.accessExpiresAt === null ? null : new Date(request.accessExpiresAt);
  await setInvestorAccessEnd(ctx.db, room.id, request.email, ends, new Date());
  return roomGroupsOf(ctx, directory, room);
}

export async function moveInvestor(
  ctx: AppContext,
  directory: InvestorDirectory,
  founder: RoomUser,
  request: MoveInvestorRequest,
): Promise<RoomGroups> {
  const room = await requireManagedRoom(ctx, founder);
  const group = await findGroup(ctx.db, room.id, request.groupId);
  if (!group) throw new HttpError(404, 'not_found', GROUP_NOT_FOUND);
  await requireInvestor(ctx, directory, room.id, request.email);
  await setInvestorGroup(ctx.db, room.id, request.email, group.id, new Date());
  return roomGroupsOf(ctx, directory, room);
}

export async function setSectionVisibility(
  ctx: AppContext,
  directory: InvestorDirectory,
  founder: RoomUser,
  request: SectionVisibilityRequest,
): Promise<RoomGroups> {
  const room = await requireManagedRoom(ctx, founder);
  const key = sectionKeyOf(request.section);
  const sections = (await parsedSectionsOf(ctx, room)).sections;
  if (!sections.some((section) => sectionKeyOf(section.name) === key))
    throw new HttpError(404, 'section_not_found', 'This data room has no section of that name.', {
      field: 'section',
    });
  let visibleTo: string[] | null = null;
  if (request.visibleTo !== null) {
    const known = new Set((await listGroups(ctx.db, room.id)).map((group) => group.id));
    const unknown = request.visibleTo.find((id) => !known.has(id));
    if (unknown)
      throw new HttpError(400, 'invalid_request', `visibleTo: ${unknown} is not a group of this data room.`, {
        field: 'visibleTo',
      });
    visibleTo = [...new Set(request.visibleTo)];
  }
  await setSectionGroups(ctx.db, room.id, key, visibleTo, new Date());
  return roomGroupsOf(ctx, directory, room);
}

/** The room's group of that id, or a 404 naming the field: for an invitation that chooses one. */
export async function requireRoomGroup(ctx: AppContext, roomId: string, groupId: string): Promise<void> {
  if (!(await findGroup(ctx.db, roomId, groupId)))
    throw new HttpError(404, 'group_not_found', 'groupId: that group does not exist in this data room.', {
      field: 'groupId',
    });
}

/**
 * The access an investor invited at this address will read the room with: in the group the invitation
 * chooses, else where the address is placed (the default group for a new one), as the preview builds it.
 */
export async function inviteeAccessOf(
  ctx: AppContext,
  roomId: string,
  email: string,
  groupId: string | undefined,
): Promise<ReaderAccess | undefined> {
  if (groupId === undefined) return audienceAccessOf(ctx, roomId, { investorEmail: email });
  const group = (await listGroups(ctx.db, roomId)).find((each) => each.id === groupId);
  return audienceAccessOf(ctx, roomId, { group: { id: groupId, isViewOnly: group?.isViewOnly ?? false } });
}

/** Puts an investor (by address) in a group of the room, for an invitation that chose it. */
export async function placeInvestor(ctx: AppContext, roomId: string, email: string, groupId: string) {
  await setInvestorGroup(ctx.db, roomId, email, groupId, new Date());
}

/** Sets when an invited investor's access ends (null: never), as setInvestorAccess does for one in the room. */
export async function endInvestorAccessAt(ctx: AppContext, roomId: string, email: string, ends: Date | null) {
  await setInvestorAccessEnd(ctx.db, roomId, email, ends, new Date());
}

/**
 * The addresses of the room's investors in a group, for analytics filtered by group (a group of another
 * room, or none, is the same 404 as a missing one).
 */
export async function investorEmailsOfGroup(
  ctx: AppContext,
  directory: InvestorDirectory,
  roomId: string,
  groupId: string,
): Promise<Set<string>> {
  await requireRoomGroup(ctx, roomId, groupId);
  const known = new Set((await listGroups(ctx.db, roomId)).map((group) => group.id));
  const places = new Map(
    (await listInvestorPlaces(ctx.db, roomId)).map((place) => [place.email, place.groupId]),
  );
  const emails = new Set<string>();
  for (const email of await investorAddressesOf(ctx.db, directory, roomId)) {
    const placed = places.get(email);
    if ((placed && known.has(placed) ? placed : roomId) === groupId) emails.add(email);
  }
  return emails;
}

/** Whom the founder's preview reads the room as, and the words that name them. */
export interface NamedPreviewAudience {
  audience: PreviewAudience;
  label: string;
}

/**
 * The audience `as` names in this room (`all`, `group:<id>`, `investor:<address>`:
 * shared/contracts/room-preview.ts): a group or an investor of another room, or none, is the same 404
 * as a missing one, and names nothing of it.
 */
export async function requirePreviewAudience(
  ctx: AppContext,
  directory: InvestorDirectory,
  room: DataRoom,
  as: string,
): Promise<NamedPreviewAudience> {
  if (as.startsWith('investor:')) {
    const email = as.slice('investor:'.length).trim().toLowerCase();
    if (!(await investorAddressesOf(ctx.db, directory, room.id)).includes(email))
      throw new HttpError(404, 'investor_not_found', 'as: that investor is not in this data room.', {
        field: 'as',
      });
    return { audience: { investorEmail: email }, label: email };
  }
  const groupId = as === 'all' ? room.id : as.slice('group:'.length);
  const group = await findGroup(ctx.db, room.id, groupId);
  if (!group)
    throw new HttpError(404, 'group_not_found', 'as: that group does not exist in this data room.', {
      field: 'as',
    });
  return { audience: { group: { id: group.id, isViewOnly: group.isViewOnly } }, label: group.name };
}

/**
 * The names of the groups each section is hidden from, by section key, each group's access built as
 * its investors' is (groupAccessOf), so the founder's marks say what the rule does.
 */
export async function groupsHiddenFrom(
  ctx: AppContext,
  room: DataRoom,
  parsed: ParsedSections,
): Promise<ReadonlyMap<string, string[]>> {
  const hiddenFrom = new Map<string, string[]>();
  for (const group of await listGroups(ctx.db, room.id)) {
    const access = await groupAccessOf(ctx, room.id, {
      group: { id: group.id, isViewOnly: group.isViewOnly },
      accessExpiresAt: null,
    });
    for (const section of hiddenSectionsOf(parsed, access)) {
      const key = sectionKeyOf(section.name);
      hiddenFrom.set(key, [...(hiddenFrom.get(key) ?? []), group.name]);
    }
  }
  return hiddenFrom;
}
