import type SqliteDatabase from 'better-sqlite3';
import type { LRUCache } from 'lru-cache';
import { EPOCH_CACHE_MAX_AGE_MS } from '#server/durations';
import type { ViewIdentity } from '#server/features/reading-analytics/reading-analytics.repository';
import type { StoredDocument } from '#server/features/room-content/documents.repository';
import type { DocumentPreview, PreviewObject } from '#server/features/room-content/previews.repository';
import type { ManagedRoom, RoomReading } from '#server/features/room-content/room-content.service';
import type { DataRoom, RoomSections } from '#server/features/room-content/rooms.repository';
import type { LiveSession } from '#server/plugins/auth';
import type { RoomWebhookEvents } from '#server/webhooks/webhook-events';
import { EpochCache, type ReadCache } from './epoch-cache';
import { ImmutableCache } from './immutable-cache';
import { PreviewBytesCache } from './preview-bytes-cache';
import { SectionsCache } from './sections-cache';
import { WatermarkedImageCache } from './watermarked-image-cache';
import type { WriteEpoch } from './write-epoch';

/** Entries kept by each epoch cache: a session or a (room, user) pair each. */
const EPOCH_CACHE_ENTRIES = 10_000;

/**
 * Every cache of the server, built once per app by buildApp (createCaches) and reached through the
 * AppContext, each with its invalidation rule here, in code (ADR 34).
 */
export interface Caches {
  /**
   * Session lookups by token hash, one per authenticated request: kept until the next write to a table
   * the lookup read (the write epoch, by table: ADR 53), EPOCH_CACHE_MAX_AGE_MS at most, never past the
   * session's expiry. A logout, revocation or deactivation through this process is seen by its very next
   * request. On PostgreSQL a write committed by another
   * process moves the epoch when its notification arrives (within milliseconds; one second at most, or
   * the cache stops answering: cluster-write-epoch.ts, ADR 49).
   */
  sessions: ReadCache<LiveSession>;
  /**
   * Whether a user may read a room (membership included, and whether they manage it) and the NDA they
   * must accept first, if any, by room and user: the same rule. An acceptance, a new NDA text or its
   * switch is a write, so the very next request asks the database again (ADR 45).
   */
  readableRooms: ReadCache<RoomReading>;
  /**
   * The room a user manages (owns or edits), or null for none, by user: what every console request and
   * every /api/auth/me checks. The same rule:
   * removing an editor is a write, so their very next request reads the database again (ADR 47).
   */
  managedRooms: ReadCache<{ managed: ManagedRoom | null }>;
  /**
   * What the viewer reads on every page image and thumbnail, by the same rule: documents by id, their
   * previews by document id, and preview objects by document id and name. A deletion, a new preparation
   * or a retry is a write, so the very next request reads the database again.
   */
  documents: ReadCache<StoredDocument>;
  previews: ReadCache<DocumentPreview>;
  previewObjects: ReadCache<PreviewObject>;
  /**
   * What every member's room page and dashboard read, by the same rule (ADR 49): a room's documents
   * with their previews, by room id, and the active rooms a user is a member of, by user id. An upload,
   * a deletion, a preparation's progress, an invitation accepted or revoked, or a room closed is a write,
   * so the very next request reads the database again.
   */
  roomDocuments: ReadCache<{ documents: StoredDocument[]; previews: Map<string, DocumentPreview> }>;
  memberRooms: ReadCache<{ rooms: DataRoom[] }>;
  /**
   * A room's saved sections text and when it was saved (null: the starter template), by room id, by the
   * same rule: what every room page and sections read shows. Read from room_sections alone, so a section
   * save or an upload's link drops these answers and leaves the readable rooms above alone (ADR 54).
   */
  roomSections: ReadCache<{ saved: RoomSections | null }>;
  /** The events a room's enabled webhook endpoints want, by room: asked on every download and click. */
  webhookEvents: ReadCache<RoomWebhookEvents>;
  /**
   * The reading views reports name, by id: only what never changes after a view is opened (whose it is,
   * of which document, since when), so exact on both dialects. A deleted view is found gone by the
   * report's own transaction (report-batch.ts).
   */
  readingViews: ReadCache<ViewIdentity>;
  /**
   * The bytes of small preview objects, by storage key, on both dialects: keys are never rewritten, and
   * callers authorise every request first (preview-bytes-cache.ts). Bounded by PREVIEW_OBJECT_CACHE_MB.
   */
  previewBytes: PreviewBytesCache;
  /**
   * Images with a reader's watermark, by reader, stored object and day, on both dialects: nothing they
   * are made from ever changes under that key (watermarked-image-cache.ts). Bounded by WATERMARK_CACHE_MB.
   */
  watermarkedImages: WatermarkedImageCache;
  /** Sections parsed and as JSON, by text: exact on both dialects (sections-cache.ts). */
  sections: SectionsCache;
  /**
   * SQLite's prepared statements, by SQL text (statement-cache.ts): built with the connection when the
   * database opens, since it is what counts the writes; never stale. Undefined on PostgreSQL.
   */
  statements: LRUCache<string, SqliteDatabase.Statement> | undefined;
}

export function createCaches(
  database: {
    writeEpoch: WriteEpoch;
    statements?: LRUCache<string, SqliteDatabase.Statement> | undefined;
  },
  options: { previewObjectCacheBytes: number; watermarkCacheBytes?: number } = { previewObjectCacheBytes: 0 },
): Caches {
  const { writeEpoch } = database;
  const untilNextWrite = <V extends object>(expiresAt?: (value: V) => Date): ReadCache<V> =>
    new EpochCache<V>(writeEpoch, {
      maxEntries: EPOCH_CACHE_ENTRIES,
      maxAgeMs: EPOCH_CACHE_MAX_AGE_MS,
      expiresAt,
    });
  return {
    sessions: untilNextWrite<LiveSession>((session) => session.expiresAt),
    readableRooms: untilNextWrite<RoomReading>(),
    managedRooms: untilNextWrite<{ managed: ManagedRoom | null }>(),
    documents: untilNextWrite<StoredDocument>(),
    previews: untilNextWrite<DocumentPreview>(),
    previewObjects: untilNextWrite<PreviewObject>(),
    roomDocuments: untilNextWrite<{ documents: StoredDocument[]; previews: Map<string, DocumentPreview> }>(),
    memberRooms: untilNextWrite<{ rooms: DataRoom[] }>(),
    roomSections: untilNextWrite<{ saved: RoomSections | null }>(),
    webhookEvents: untilNextWrite<RoomWebhookEvents>(),
    readingViews: new ImmutableCache<ViewIdentity>(EPOCH_CACHE_ENTRIES),
    previewBytes: new PreviewBytesCache(options.previewObjectCacheBytes),
    watermarkedImages: new WatermarkedImageCache(options.watermarkCacheBytes ?? 0),
    sections: new SectionsCache(),
    statements: database.statements,
  };
}
