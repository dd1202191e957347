import type { AccessibleDataRoom, CompanyProfileRequest, MyDataRoom } from '../../../shared/contracts/rooms';
import { parseSectionsMarkdown, starterSectionsMarkdown } from '../../../shared/sections-markdown';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../plugins/errors';
import type { User } from '../accounts/users.repository';
import { documentIdsInRoom } from '../documents/documents.repository';
import { type DataRoom, findRoomOwnedBy, listActiveRoomsForMember, updateDataRoom } from './rooms.repository';

/** The active rooms this user may see, as the investor dashboard lists them. */
export async function listAccessibleRooms(ctx: AppContext, user: User): Promise<AccessibleDataRoom[]> {
  const rooms = await listActiveRoomsForMember(ctx.db, user.id);
  return rooms.map((room) => ({
    id: room.id,
    companyName: room.companyName,
    name: room.companyName,
    fundingStage: room.stage,
    companyDescription: room.description,
    foundedYear: room.foundedYear,
    website: room.website,
  }));
}

/** The room the founder owns; every owner-only route acts on it. */
export async function requireOwnedRoom(ctx: AppContext, founder: User): Promise<DataRoom> {
  const room = await findRoomOwnedBy(ctx.db, founder.id);
  if (!room) throw new HttpError(404, 'no_data_room', 'You have no data room yet. Create one first.');
  return room;
}

function toMyDataRoom(room: DataRoom): MyDataRoom {
  return {
    id: room.id,
    companyName: room.companyName,
    description: room.description,
    stage: room.stage,
    foundedYear: room.foundedYear,
    website: room.website,
    isActive: room.isActive,
  };
}

/** The founder's own room, as the console shows it. */
export async function getMyDataRoom(ctx: AppContext, founder: User): Promise<MyDataRoom> {
  return toMyDataRoom(await requireOwnedRoom(ctx, founder));
}

/** Saves the company profile of the founder's room (spec: POST /api/data-rooms). */
export async function saveCompanyProfile(
  ctx: AppContext,
  founder: User,
  profile: Required<CompanyProfileRequest>,
): Promise<MyDataRoom> {
  const room = await requireOwnedRoom(ctx, founder);
  const changes = {
    companyName: profile.name,
    description: profile.description,
    stage: profile.stage,
    foundedYear: profile.foundedYear,
    website: profile.website,
  };
  await updateDataRoom(ctx.db, room.id, changes, new Date());
  return toMyDataRoom({ ...room, ...changes });
}

/** The room's sections markdown, or the starter template while the founder has not saved one. */
export async function getSectionsMarkdown(ctx: AppContext, founder: User): Promise<string> {
  const room = await requireOwnedRoom(ctx, founder);
  return room.sectionsMarkdown ?? starterSectionsMarkdown(room.companyName);
}

/**
 * Saves the sections markdown. Refused, naming the line, when a link is not http(s) or points at an
 * uploaded document of another room; saved markdown takes effect on the next read.
 */
export async function saveSectionsMarkdown(ctx: AppContext, founder: User, content: string): Promise<void> {
  const room = await requireOwnedRoom(ctx, founder);
  const parsed = parseSectionsMarkdown(content, { appOrigin: new URL(ctx.config.appUrl).origin });
  const [problem] = parsed.problems;
  if (problem)
    throw new HttpError(400, 'invalid_sections', problem.message, { field: 'content', line: problem.line });

  const uploads = parsed.sections
    .flatMap((section) => section.documents)
    .filter((document) => document.documentId);
  const ours = await documentIdsInRoom(
    ctx.db,
    room.id,
    uploads.map((document) => document.documentId ?? ''),
  );
  const foreign = uploads.find((document) => !ours.has(document.documentId ?? ''));
  if (foreign) {
    throw new HttpError(
      400,
      'invalid_sections',
      `Line ${foreign.line}: "${foreign.title}" links to a document that is not in this data room.`,
      { field: 'content', line: foreign.line },
    );
  }
  await updateDataRoom(ctx.db, room.id, { sectionsMarkdown: content }, new Date());
}
