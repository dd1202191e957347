import { defineCache, untilNextWrite } from '#server/caches/cache-registry';
import type { DataRoom, ManagedRoom, RoomSections } from './rooms.repository';
import { SectionsCache, type StoredFileTypes } from './sections-cache';

/**
 * The rooms module's caches, each built once per app (server/caches/cache-registry.ts, ADR 34). The
 * answer of the readability rule, whether a user may read a room, is cached beside that rule
 * (readableRoomsCache in readability.ts).
 */

/**
 * The room a user manages (owns or edits), or null for none, by user: what every console request and
 * every /api/auth/me checks. Until the next write: removing an editor is a write, so their very next
 * request reads the database again (ADR 47).
 */
export const managedRoomsCache = untilNextWrite<{ managed: ManagedRoom | null }>('managedRooms');

/**
 * The active rooms a user is a member of, by user id, as every member's dashboard reads them (ADR 49):
 * an invitation accepted or revoked, or a room closed, is a write, so the very next request reads the
 * database again.
 */
export const memberRoomsCache = untilNextWrite<{ rooms: DataRoom[] }>('memberRooms');

/**
 * A room's saved sections text and when it was saved (null: the starter template), by room id: what
 * every room page and sections read shows. Read from room_sections alone, so a section save or an
 * upload's link drops these answers and leaves the readable rooms alone (ADR 54).
 */
export const roomSectionsCache = untilNextWrite<{ saved: RoomSections | null }>('roomSections');

/**
 * The stored type of each of a room's uploads and their stamp, by room id: what every reader's sections
 * payload is keyed by beside its text. Until the next write to documents: an upload, a deletion or a
 * version switch (which rewrites file_type) drops it.
 */
export const roomFileTypesCache = untilNextWrite<StoredFileTypes>('roomFileTypes');

/** Sections parsed and as JSON, by text: exact on both dialects (sections-cache.ts). */
export const sectionsCache = defineCache(
  'sections',
  ({ limits }) => new SectionsCache({ timeoutMs: limits.sectionsParseTimeoutMs }),
);

/**
 * Not a cache but the app's own state, held by its registry the same way: the last edit of each room's
 * sections queued in this app, by room id, which the next one waits for (writeWithSectionsEdit).
 */
export const sectionsEditQueue = defineCache('sectionsEditQueue', () => new Map<string, Promise<void>>());
