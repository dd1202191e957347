import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import {
  parseSectionsOffThread,
  SectionsTooComplexError,
  setCompanyInformationOffThread,
} from '#server/parsing/sections-parser';
import { HttpError } from '#server/plugins/errors';
import {
  type AccessibleDataRoom,
  type CompanyProfileRequest,
  companyProfileRequestSchema,
  type DataRoomView,
  FUNDING_STAGES,
  type MyDataRoom,
  type SectionsContent,
  type SectionsSource,
} from '#shared/contracts/rooms';
import { storedFileType } from '#shared/file-types';
import {
  type CompanyFieldLine,
  type CompanyInformation,
  type ParsedSections,
  type SectionDocument,
  sectionKeyOf,
  sectionsRenamedInPlace,
  starterSectionsMarkdown,
} from '#shared/sections-markdown';
import { renameRestrictedSections } from './groups.repository';
import { pendingNdaForUser } from './nda-gate';
import { MANAGERS_ACCESS, type ReaderAccess, readerSectionsMarkdown, roomReadingOf } from './readability';
import type { RoomInvitations } from './room-invitations';
import type { RoomUploads } from './room-uploads';
import {
  managedRoomsCache,
  memberRoomsCache,
  roomFileTypesCache,
  roomSectionsCache,
  sectionsCache,
  sectionsEditQueue,
} from './rooms.caches';
import {
  type DataRoom,
  findDataRoomById,
  findRoomEditedBy,
  findRoomOwnedBy,
  findRoomSections,
  listActiveRoomsForMember,
  lockRoomRow,
  type ManagedRoom,
  type RoomSections,
  saveRoomSections,
  updateDataRoom,
} from './rooms.repository';
import type { SectionRenames } from './section-renames';
import { fileTypesStampOf, type StoredFileTypes } from './sections-cache';
import type { RoomUser } from './visitors';

/**
 * The active rooms this user may see, as the investor dashboard lists them. A room whose NDA they have
 * not accepted shows its name and that an NDA is required, nothing more (ADR 45): what a company tells
 * its investors begins behind the agreement.
 */
export async function listAccessibleRooms(
  ctx: AppContext,
  invitations: RoomInvitations,
  user: RoomUser,
): Promise<AccessibleDataRoom[]> {
  const listed = await ctx.caches.get(memberRoomsCache).get(user.id, async () => ({
    rooms: await listActiveRoomsForMember(ctx.db, user.id),
  }));
  // A room whose access ended for this investor is not theirs any more (readability.ts, ADR 68).
  const readable = [];
  for (const room of listed?.rooms ?? []) {
    if (await roomReadingOf(ctx, invitations, { user, roomId: room.id })) readable.push(room);
  }
  return Promise.all(
    readable.map(async (room) => {
      const isNdaRequired = (await pendingNdaForUser(ctx.db, invitations, room, user)) !== null;
      return {
        id: room.id,
        companyName: room.companyName,
        name: room.companyName,
        isNdaRequired,
        fundingStage: isNdaRequired ? null : room.stage,
        companyDescription: isNdaRequired ? null : room.description,
        foundedYear: isNdaRequired ? null : room.foundedYear,
        website: isNdaRequired ? null : room.website,
      };
    }),
  );
}

/**
 * The room this user manages, and how: the room they own, else the room they edit (one per person,
 * docs/decisions/0047-room-editors.md). Console requests ask on every call, so it is cached by the
 * rule of every authorisation fact (rooms.caches.ts): removing an editor is a write, seen by the next request.
 */
export async function findManagedRoom(ctx: AppContext, user: RoomUser): Promise<ManagedRoom | undefined> {
  // "Manages none" is cached too (as null): every investor's /api/auth/me asks.
  const answer = await ctx.caches.get(managedRoomsCache).get(user.id, async () => {
    const owned = await findRoomOwnedBy(ctx.db, user.id);
    if (owned) return { managed: { room: owned, role: 'owner' as const } };
    const edited = await findRoomEditedBy(ctx.db, user.id);
    return { managed: edited ? { room: edited, role: 'editor' as const } : null };
  });
  return answer?.managed ?? undefined;
}

/**
 * THE guard of every console route (/configure, /setup-data-room, /admin and their /api routes): the
 * room this user manages, as its owner or an editor; 403 for anyone who manages none
 * (docs/product-rules.md#room-access). Owner-only actions use requireRoomOwner instead.
 */
export async function requireManagedRoom(ctx: AppContext, user: RoomUser): Promise<DataRoom> {
  const managed = await findManagedRoom(ctx, user);
  if (!managed) {
    throw new HttpError(
      403,
      'forbidden',
      'Only the founder who owns a data room, and the co-founders they invited, can do this.',
    );
  }
  return managed.room;
}

/**
 * The guard of the owner-only actions (inviting and removing co-founders; anything about the account, its
 * plan or the room's existence): the room this user owns. An editor gets 403 saying so.
 */
export async function requireRoomOwner(ctx: AppContext, user: RoomUser): Promise<DataRoom> {
  const managed = await findManagedRoom(ctx, user);
  if (managed?.role === 'owner') return managed.room;
  throw new HttpError(
    403,
    'forbidden',
    managed
      ? 'Only the owner of this data room can do this; co-founders cannot.'
      : 'Only the founder who owns a data room can do this.',
  );
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
    isDownloadAllowed: room.isDownloadAllowed,
    isWatermarkEnabled: room.isWatermarkEnabled,
    isNdaRequired: room.isNdaRequired,
  };
}

/** The founder's own room, as the console shows it. */
export async function getMyDataRoom(ctx: AppContext, founder: RoomUser): Promise<MyDataRoom> {
  return toMyDataRoom(await requireManagedRoom(ctx, founder));
}

/** The company's name, stage and description: the room's columns, which every reader shows (ADR 38). */
export function companyInformationOf(room: DataRoom): CompanyInformation {
  return { name: room.companyName, stage: room.stage, description: room.description };
}

/**
 * Saves the company profile of the founder's room (POST /api/data-rooms, docs/product-rules.md#api),
 * and sets the same name, stage and description in the Company Information block of its stored
 * sections text, in one transaction (ADR 38). The new text is computed in the
 * parser's worker and outside the transaction, as every server-side edit of the text (ADR 37).
 */
export async function saveCompanyProfile(
  ctx: AppContext,
  founder: RoomUser,
  profile: Required<CompanyProfileRequest>,
): Promise<MyDataRoom> {
  const room = await requireManagedRoom(ctx, founder);
  const changes = {
    companyName: profile.name,
    description: profile.description,
    stage: profile.stage,
    foundedYear: profile.foundedYear,
    website: profile.website,
  };
  const company = { name: profile.name, stage: profile.stage, description: profile.description };
  await writeWithSectionsEdit(
    ctx,
    room.id,
    async (_current, saved) =>
      saved === undefined
        ? undefined // the starter template is made from the columns (sectionsMarkdownOf)
        : setCompanyInformationOffThread(saved.markdown, company, {
            timeoutMs: ctx.config.sectionsParseTimeoutMs,
          }),
    (trx) => updateDataRoom(trx, room.id, changes, new Date()),
    new Date(),
  );
  return toMyDataRoom({ ...room, ...changes });
}

const companyFieldSchemas = companyProfileRequestSchema.shape;

/**
 * The room's columns a sections text sets through its Company Information block (ADR 38), each line
 * checked as the profile form's field would be: refused with 400 naming the line. The stage is
 * matched without case ('seed' is Seed). A description that differs from the stored one only by the
 * line breaks the block cannot hold keeps the stored one, so a multi-line profile description survives
 * a save of the sections.
 */
function companyChangesOf(
  room: DataRoom,
  fields: CompanyFieldLine[],
): Partial<Pick<DataRoom, 'companyName' | 'stage' | 'description'>> {
  const changes: Partial<Pick<DataRoom, 'companyName' | 'stage' | 'description'>> = {};
  const refuse = (line: number, message: string) =>
    new HttpError(400, 'invalid_sections', `Line ${line}: ${message}`, { field: 'content', line });
  for (const { field, value, line } of fields) {
    if (field === 'stage') {
      const stage = FUNDING_STAGES.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
      if (!stage) throw refuse(line, `the stage must be one of ${FUNDING_STAGES.join(', ')}.`);
      changes.stage = stage;
      continue;
    }
    const checked = companyFieldSchemas[field].safeParse(value);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'is not valid';
      throw refuse(line, /^[A-Z]/.test(message) ? `${message}.` : `the ${field} ${message}.`);
    }
    if (field === 'name') changes.companyName = checked.data;
    else {
      const flattened = (text: string) => text.replace(/\s+/g, ' ').trim();
      changes.description =
        flattened(checked.data) === flattened(room.description) ? room.description : checked.data;
    }
  }
  return changes;
}

/**
 * Opens or closes the founder's room. An inactive room leaves its investors' dashboards and its pages
 * answer 'unavailable' to them (requireReadableRoom, requireInvitedRoom); invitations and memberships
 * are kept, so switching it back restores every investor's access.
 */
export async function setRoomActive(
  ctx: AppContext,
  founder: RoomUser,
  isActive: boolean,
): Promise<MyDataRoom> {
  const room = await requireManagedRoom(ctx, founder);
  await updateDataRoom(ctx.db, room.id, { isActive }, new Date());
  return toMyDataRoom({ ...room, isActive });
}

/**
 * The room's default for its documents ("Allow downloads" in Settings): when off, investors read every
 * document that does not choose otherwise in the viewer only (docs/decisions/0043-view-only-documents.md).
 */
export async function setRoomDownloadDefault(
  ctx: AppContext,
  founder: RoomUser,
  isDownloadAllowed: boolean,
): Promise<MyDataRoom> {
  const room = await requireManagedRoom(ctx, founder);
  await updateDataRoom(ctx.db, room.id, { isDownloadAllowed }, new Date());
  return toMyDataRoom({ ...room, isDownloadAllowed });
}

/**
 * The room's dynamic watermark ("Watermark" in Settings): when on, investors' page images, images and
 * downloads carry their e-mail and the date (docs/decisions/0046-dynamic-watermark.md).
 */
export async function setRoomWatermark(
  ctx: AppContext,
  founder: RoomUser,
  isWatermarkEnabled: boolean,
): Promise<MyDataRoom> {
  const room = await requireManagedRoom(ctx, founder);
  await updateDataRoom(ctx.db, room.id, { isWatermarkEnabled }, new Date());
  return toMyDataRoom({ ...room, isWatermarkEnabled });
}

/**
 * The version of a sections text: a hash of the text itself, so that every change (a save, an upload's
 * link, a deletion) gives a new one without a counter to keep in step on both dialects, and a text
 * that comes back to what a draft was based on is rightly that draft's base again.
 */
function sectionsVersionOf(markdown: string): string {
  return crypto.createHash('sha256').update(markdown).digest('base64url');
}

/** 409 with the stored text and its version when a draft's base is no longer the stored text. */
function requireSectionsUnchanged(stored: string, baseVersion: string | undefined): void {
  if (baseVersion === undefined) return;
  const version = sectionsVersionOf(stored);
  if (baseVersion === version) return;
  throw new HttpError(
    409,
    'sections_changed',
    'The sections changed since you started editing (an upload or a deletion may have changed their links). Nothing was saved.',
    { content: stored, version },
  );
}

/** The room's sections markdown (or the starter template while none is saved), with its version. */
export async function getSectionsMarkdown(ctx: AppContext, founder: RoomUser): Promise<SectionsSource> {
  const content = await readSectionsMarkdown(ctx, await requireManagedRoom(ctx, founder));
  return { content, version: sectionsVersionOf(content) };
}

/**
 * The company fields a save would change: only those that differ from the room's, so that a sections
 * text whose Company Information block says what the profile already says leaves the room's row, and
 * every answer cached from it, alone (ADR 54).
 */
function companyFieldsChanged(
  room: DataRoom,
  changes: Partial<Pick<DataRoom, 'companyName' | 'stage' | 'description'>>,
): Partial<Pick<DataRoom, 'companyName' | 'stage' | 'description'>> {
  return Object.fromEntries(
    Object.entries(changes).filter(([field, value]) => room[field as keyof typeof changes] !== value),
  );
}

/**
 * Saves the sections markdown. Refused, naming the line, when a link is not http(s) or points at an
 * uploaded document of another room; saved markdown takes effect on the next read. With `baseVersion`,
 * refused with 409 (and the stored text) when the stored text is no longer the one the draft started
 * from: an upload's link added meanwhile would otherwise be lost. A section renamed in place takes
 * along what other modules keep under its key, through `renames` (SectionRenames); the uploads it links are
 * checked through `roomUploads` (RoomUploads). Answers the new version.
 */
export async function saveSectionsMarkdown(
  ctx: AppContext,
  renames: SectionRenames,
  roomUploads: RoomUploads,
  founder: RoomUser,
  content: string,
  baseVersion?: string,
): Promise<string> {
  const room = await requireManagedRoom(ctx, founder);
  // First, so a stale draft is rebased before it is judged (its links to a since-deleted file would be
  // refused, though the founder never touched them); checked again under the lock below.
  const textBefore = await readSectionsMarkdown(ctx, room);
  requireSectionsUnchanged(textBefore, baseVersion);
  const parsed = await parseSectionsOffThread(content, {
    timeoutMs: ctx.config.sectionsParseTimeoutMs,
    appOrigin: new URL(ctx.config.appUrl).origin,
  }).catch((error: unknown) => {
    if (error instanceof SectionsTooComplexError)
      throw new HttpError(400, 'invalid_sections', error.message, { field: 'content' });
    throw error;
  });
  const [problem] = parsed.problems;
  if (problem)
    throw new HttpError(400, 'invalid_sections', problem.message, { field: 'content', line: problem.line });
  const companyChanges = companyChangesOf(room, parsed.companyFields);

  const uploads = parsed.sections
    .flatMap((section) => section.documents)
    .filter((document) => document.documentId);
  const ours = await roomUploads.idsInRoom(
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
  const sectionsBefore = await ctx.caches.get(sectionsCache).parsed(textBefore);
  await ctx.db.transaction().execute(async (trx) => {
    // Under the room's lock, as the server's own changes (ADR 24): none can land between check and write.
    await lockRoomRow(trx, ctx.config.database.dialect, room.id);
    const current = (await findDataRoomById(trx, room.id)) ?? room;
    const textNow = sectionsMarkdownOf(current, await findRoomSections(trx, room.id));
    requireSectionsUnchanged(textNow, baseVersion);
    const at = new Date();
    // The block's fields are the profile's (ADR 38): written with the text, or neither.
    const changed = companyFieldsChanged(current, companyChanges);
    if (Object.keys(changed).length > 0) await updateDataRoom(trx, room.id, changed, at);
    await saveRoomSections(trx, { roomId: room.id, markdown: content, updatedAt: at });
    // A section renamed where it stands keeps the groups it is shown to: a rename never widens it.
    // (Judged against the text this save replaces: another save since, without a base version, is not.)
    if (textNow === textBefore) {
      const renamed = sectionsRenamedInPlace(sectionsBefore.sections, parsed.sections);
      if (renamed.size > 0) {
        const namesNow = new Map(
          parsed.sections.map((section) => [sectionKeyOf(section.name), section.name]),
        );
        await renameRestrictedSections(trx, room.id, renamed, at);
        await renames.sectionsRenamed(trx, room.id, renamed, namesNow);
      }
    }
  });
  return sectionsVersionOf(content);
}

/** How many times an edit of the sections text is computed again when the text changed meanwhile. */
const SECTIONS_EDIT_ATTEMPTS = 5;

/**
 * Runs `write` (the upload's insert, the deletion's removal) in one transaction with an edit of the
 * room's sections text (the upload's link, the deletion's links), without keeping the transaction
 * open while the edit is computed: the edit parses the text in the parser's worker thread, up to
 * seconds for a large text, and on SQLite's one connection every other request would wait behind an
 * open transaction. So the edit is computed first, from the text as read; then, under the room's lock
 * (ADR 24), it is written only if the text is still that one, and computed again from the new text
 * otherwise. Edits of one room in this process take turns (the console sends three uploads at once),
 * so only another server's edit can make one compute again. `edit` answers undefined when the text
 * needs no change.
 */
export function writeWithSectionsEdit<T>(
  ctx: AppContext,
  roomId: string,
  edit: (room: DataRoom, saved: RoomSections | undefined) => Promise<string | undefined>,
  write: (trx: DatabaseExecutor) => Promise<T>,
  at: Date,
): Promise<T> {
  const sectionsEditsUnderWay = ctx.caches.get(sectionsEditQueue);
  const previous = sectionsEditsUnderWay.get(roomId) ?? Promise.resolve();
  const mine = previous.then(() => editThenWrite());
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  sectionsEditsUnderWay.set(roomId, settled);
  void settled.then(() => {
    if (sectionsEditsUnderWay.get(roomId) === settled) sectionsEditsUnderWay.delete(roomId);
  });
  return mine;

  async function editThenWrite(): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const before = await findDataRoomById(ctx.db, roomId);
      const savedBefore = await findRoomSections(ctx.db, roomId);
      const edited = before ? await edit(before, savedBefore) : undefined;
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        await lockRoomRow(trx, ctx.config.database.dialect, roomId);
        const current = await findDataRoomById(trx, roomId);
        // The text the edit was made from: the saved one, or the starter template of the room's columns.
        const text = current && sectionsMarkdownOf(current, await findRoomSections(trx, roomId));
        // Checked before any write, so that a stale edit leaves nothing to roll back.
        if (edited !== undefined && (!before || text !== sectionsMarkdownOf(before, savedBefore)))
          return undefined;
        const result = await write(trx);
        // Only the sections' own row is written: the room's, and what is cached from it, stay (ADR 54).
        if (edited !== undefined && edited !== text)
          await saveRoomSections(trx, { roomId, markdown: edited, updatedAt: at });
        return { result };
      });
      if (outcome) return outcome.result;
      if (attempt === SECTIONS_EDIT_ATTEMPTS) {
        throw new HttpError(
          503,
          'busy',
          'The sections kept changing while this was saved. Try again in a moment.',
        );
      }
    }
  }
}

/**
 * The room as its readers' pages show it. "Last updated" is the later of the room's own last change and
 * the last save of its sections, which since ADR 54 no longer touches the room's row.
 */
export async function dataRoomViewOf(ctx: AppContext, room: DataRoom): Promise<DataRoomView> {
  return toDataRoomView(room, await roomSectionsFor(ctx, room.id));
}

function toDataRoomView(room: DataRoom, saved: RoomSections | undefined): DataRoomView {
  return {
    id: room.id,
    companyName: room.companyName,
    name: room.companyName,
    description: room.description,
    companyDescription: room.description,
    stage: room.stage,
    fundingStage: room.stage,
    foundedYear: room.foundedYear,
    website: room.website,
    isActive: room.isActive,
    updatedAt: (saved && saved.updatedAt > room.updatedAt ? saved.updatedAt : room.updatedAt).toISOString(),
  };
}

/**
 * The room's saved sections text and when it was saved, or undefined while it has none (the starter
 * template): cached by room until the next write to room_sections (rooms.caches.ts).
 */
export async function roomSectionsFor(ctx: AppContext, roomId: string): Promise<RoomSections | undefined> {
  const answer = await ctx.caches.get(roomSectionsCache).get(roomId, async () => ({
    saved: (await findRoomSections(ctx.db, roomId)) ?? null,
  }));
  return answer?.saved ?? undefined;
}

/** What a reader sees of the sections: the saved markdown, or the starter template. */
export function sectionsMarkdownOf(room: DataRoom, saved: RoomSections | undefined): string {
  return saved?.markdown ?? starterSectionsMarkdown(companyInformationOf(room));
}

/** The room's sections text as readers see it, saved or the starter template. */
export async function readSectionsMarkdown(ctx: AppContext, room: DataRoom): Promise<string> {
  return sectionsMarkdownOf(room, await roomSectionsFor(ctx, room.id));
}

/** The room's sections as readers see them, parsed once per version of the text (server/caches/sections-cache.ts). */
export async function parsedSectionsOf(ctx: AppContext, room: DataRoom): Promise<ParsedSections> {
  return ctx.caches.get(sectionsCache).parsed(await readSectionsMarkdown(ctx, room));
}

/**
 * The external document a click opens: `url` must be one of the room's external links, exactly as written, so
 * the click endpoint never redirects anywhere the founder did not put
 * (docs/product-rules.md#documents-and-the-access-log).
 */
export async function requireExternalLink(
  ctx: AppContext,
  room: DataRoom,
  access: ReaderAccess,
  url: string,
): Promise<SectionDocument> {
  for (const section of (await parsedSectionsOf(ctx, room)).sections) {
    // A link in a section hidden from the reader's group is as one not in the room (ADR 68).
    if (access.hiddenSectionKeys.has(sectionKeyOf(section.name))) continue;
    const document = section.documents.find((candidate) => !candidate.isUploaded && candidate.url === url);
    if (document) return document;
  }
  throw new HttpError(404, 'link_not_found', 'That link is not one of this data room’s documents.');
}

/**
 * The stored type of each of the room's uploads (docs/product-rules.md#file-types), with a stamp of the
 * (id, type) pairs that keys the readers' payloads: a version of another type changes it, a rename does not.
 */
async function storedFileTypesOf(
  ctx: AppContext,
  uploads: RoomUploads,
  roomId: string,
): Promise<StoredFileTypes> {
  const answer = await ctx.caches.get(roomFileTypesCache).get(roomId, async () => {
    const rows = await uploads.storedFileTypes(ctx.db, roomId);
    return {
      stamp: fileTypesStampOf(rows),
      byId: new Map(rows.map((row) => [row.id, storedFileType(row.fileType)])),
    };
  });
  return answer ?? { stamp: '', byId: new Map() };
}

/**
 * `{content, sections}` for readers, one object per text and group (sections-cache.ts), so the route's
 * remembering serializer writes its JSON once per version.
 */
export async function sectionsPayloadOf(
  ctx: AppContext,
  uploads: RoomUploads,
  room: DataRoom,
  access: ReaderAccess,
): Promise<SectionsContent> {
  const markdown = await readSectionsMarkdown(ctx, room);
  const types = await storedFileTypesOf(ctx, uploads, room.id);
  const sections = ctx.caches.get(sectionsCache);
  if (access.hiddenSectionKeys.size === 0) return sections.payload(markdown, types);
  // The text as the reader's group reads it: the sections it may not see left out (ADR 68).
  const hiddenKey = [...access.hiddenSectionKeys].sort().join('\n');
  return sections.readerPayload(markdown, types, hiddenKey, (parsed) =>
    readerSectionsMarkdown(markdown, parsed, access),
  );
}

/**
 * Every section of the room, each upload with its stored type (docs/product-rules.md#file-types), for
 * what the room's managers are shown of it: the same cached answer the readers' sections come from, so a
 * rename that strips a title's extension changes no type there either.
 */
export async function typedSectionsOf(
  ctx: AppContext,
  uploads: RoomUploads,
  room: DataRoom,
): Promise<SectionsContent['sections']> {
  return (await sectionsPayloadOf(ctx, uploads, room, MANAGERS_ACCESS)).sections;
}
