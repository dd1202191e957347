import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { type Config, parseConfig } from '#server/config';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  type User,
} from '#server/features/accounts/users.repository';
import {
  findDocumentInRoom,
  insertDocument,
  type StoredDocument,
} from '#server/features/documents/documents.repository';
import {
  type DataRoom,
  findDataRoomById,
  findRoomSections,
  insertDataRoom,
  saveRoomSections,
} from '#server/features/rooms/rooms.repository';
import { shareLinkNameKey } from '#shared/contracts/share-links';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-app';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database';
import { migrationProvider } from './migrations/index';
import { tryExclusiveServerLock } from './server-lock';

// Runs on SQLite and again on PostgreSQL: the same expectations hold on both dialects.

let testDatabase: TestDatabase;
let handle: DatabaseHandle;
let dataDir: string;
let config: Config;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-db-'));
  testDatabase = await createTestDatabase();
  config = parseConfig({ DATA_DIR: dataDir, ...testDatabase.environment });
  handle = openDatabase(config.database);
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await handle.close();
  await testDatabase.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the run uses the database it was asked for', () => {
  expect(handle.dialect).toBe(inject('testDatabase').dialect);
});

test.runIf(inject('testDatabase').dialect === 'postgres')(
  'on PostgreSQL, servers share the server lock; a restore gets it only once the last has closed, and keeps servers out',
  async () => {
    if (config.database.dialect !== 'postgres') throw new Error('unreachable');
    const { url } = config.database;
    const servers = [openDatabase(config.database), openDatabase(config.database)];
    for (const server of servers) await server.markInUseByServer();
    expect(await tryExclusiveServerLock(url)).toBeUndefined();
    await servers[0]?.close();
    expect(await tryExclusiveServerLock(url)).toBeUndefined();
    await servers[1]?.close();

    const restoring = await tryExclusiveServerLock(url);
    expect(restoring).toBeDefined();
    const starting = openDatabase(config.database);
    await expect(starting.markInUseByServer()).rejects.toThrow(
      'A restore (npm run restore) is replacing this database',
    );
    await restoring?.release();
    await starting.markInUseByServer();
    await starting.close();
  },
);

test('migrating an empty database gives the whole schema, the same on both dialects but for one release', async () => {
  const tables = await handle.db.introspection.getTables();
  const schema = Object.fromEntries(
    tables
      // SQLite's full-text index is an FTS5 table and its shadow tables; PostgreSQL's is a GIN index (ADR 88).
      .filter((table) => !table.name.startsWith('kysely_') && !table.name.startsWith('search_pages_fts'))
      .map((table) => [table.name, table.columns.map((column) => column.name).sort()]),
  );
  expect(schema).toEqual({
    // Alerts (docs/decisions/0090-alerts-within-a-minute.md).
    alert_deliveries: [
      'alert_id',
      'attempts',
      'channel',
      'created_at',
      'finished_at',
      'id',
      'last_attempt_at',
      'last_error',
      'last_status_code',
      'next_attempt_at',
      'room_id',
      'status',
      'target_id',
      'trigger',
    ],
    alert_settings: ['mail_triggers', 'return_after_days', 'room_id', 'score_threshold', 'updated_at'],
    alert_targets: [
      'created_at',
      'created_by',
      'failing_since_at',
      'id',
      'is_enabled',
      'kind',
      'room_id',
      'triggers',
      'updated_at',
      'url',
    ],
    alert_scores: ['investor_email', 'room_id', 'score', 'updated_at'],
    alert_visits: ['first_visit_at', 'investor_email', 'latest_visit_at', 'room_id'],
    alerts: [
      'details',
      'id',
      'investor_email',
      'investor_name',
      'occurred_at',
      'room_id',
      'trigger',
      'user_id',
    ],
    api_tokens: [
      'created_at',
      'created_by',
      'expires_at',
      'id',
      'last_used_at',
      'name',
      'revoked_at',
      'room_id',
      'scopes',
      'token_hash',
      'token_hint',
    ],
    access_events: [
      'action',
      'document_id',
      'document_title',
      'document_version',
      'id',
      'invitation_id',
      'ip',
      'occurred_at',
      'room_id',
      'url',
      'user_agent',
      'user_id',
    ],
    data_rooms: [
      'company_name',
      'created_at',
      'description',
      'founded_year',
      'id',
      'is_active',
      'is_download_allowed',
      'is_nda_required',
      'is_watermark_enabled',
      'nda_version_id',
      'owner_id',
      // Kept on PostgreSQL, unread and unwritable, for the previous build's nodes during an upgrade,
      // until the next release drops them (migration 0015, ADR 54).
      ...(inject('testDatabase').dialect === 'postgres' ? ['sections_markdown', 'sections_updated_at'] : []),
      'stage',
      'updated_at',
      'website',
    ],
    nda_acceptances: [
      'accepted_at',
      'email',
      'id',
      'invitation_id',
      'ip',
      'room_id',
      'signer_name',
      'user_agent',
      'user_id',
      'version_id',
    ],
    code_failures: ['email', 'failed_at', 'id'],
    archive_upload_slots: ['expires_at', 'holder', 'room_id'],
    nda_versions: ['created_at', 'created_by', 'id', 'room_id', 'sha256', 'text'],
    document_previews: [
      'created_at',
      'document_id',
      'failure_code',
      'generation',
      'is_text_available',
      'kind',
      'page_count',
      'prepared_at',
      'status',
      'updated_at',
      'version_number',
    ],
    document_versions: [
      'created_at',
      'document_id',
      'file_type',
      'is_readers_notified',
      'mime_type',
      'number',
      'original_name',
      'page_count',
      'room_id',
      'sha256',
      'size_bytes',
      'status',
      'storage_key',
      'uploaded_by',
    ],
    documents: [
      'created_at',
      'current_version',
      'download_policy',
      'file_type',
      'id',
      'mime_type',
      'original_name',
      'room_id',
      'sha256',
      'size_bytes',
      'storage_key',
      'title',
      'updated_at',
      'uploaded_by',
    ],
    founder_notifications: [
      'created_at',
      'id',
      'investor_email',
      'kind',
      'notification_key',
      'room_id',
      'sent_at',
      'sent_copies',
      'skipped_at',
      'unsubscribe_token_hash',
      'window_end_at',
      'window_start_at',
    ],
    engagement_key_documents: ['document_id', 'marked_at', 'marked_by', 'room_id'],
    engagement_readers: [
      'course',
      'notified_at',
      'notified_band',
      'notified_score',
      'refreshed_at',
      'room_id',
      'trace',
      'user_id',
    ],
    engagement_rooms: ['follow_until_at', 'last_run_ms', 'refreshed_at', 'room_id'],
    investor_message_recipients: ['email', 'message_id', 'sent_at', 'user_id'],
    investor_messages: ['body', 'created_at', 'id', 'room_id', 'sent_by'],
    invitations: [
      'created_at',
      'email',
      'expires_at',
      'id',
      'invited_by',
      'name',
      'personal_message',
      'revoked_at',
      'role',
      'room_id',
      'token_hash',
      'used_at',
    ],
    jobs: [
      'attempts',
      'created_at',
      'dedupe_key',
      'fair_key',
      'finished_at',
      'id',
      'kind',
      'last_error',
      'lease_expires_at',
      'locked_by',
      'payload',
      'run_at',
      'status',
      'updated_at',
    ],
    magic_links: [
      'browser_mark_hash',
      'code_hash',
      'created_at',
      'email',
      'expires_at',
      'id',
      'token_hash',
      'used_at',
    ],
    preview_objects: [
      'content_type',
      'document_id',
      'height',
      'name',
      'sha256',
      'size_bytes',
      'storage_key',
      'width',
    ],
    rate_limit_counters: ['count', 'expires_at', 'key'],
    reading_document_pages: ['document_id', 'page', 'read_ms', 'reader_count', 'version_number'],
    reading_document_readers: [
      'clock_at',
      'document_id',
      'first_viewed_at',
      'last_viewed_at',
      'pages_seen',
      'read_ms',
      'room_id',
      'user_id',
      'view_count',
    ],
    reading_documents: ['document_id', 'last_viewed_at', 'read_ms', 'reader_count', 'room_id', 'view_count'],
    reading_reader_pages: ['document_id', 'page', 'read_ms', 'user_id', 'version_number'],
    reading_room_readers: ['first_viewed_at', 'last_seen_at', 'read_ms', 'room_id', 'user_id', 'view_count'],
    reading_view_pages: ['page', 'read_ms', 'view_id'],
    reading_views: [
      'document_id',
      'document_version',
      'id',
      'last_report_at',
      'pages_seen',
      'read_ms',
      'report_count',
      'room_id',
      'share_link_id',
      'started_at',
      'user_id',
    ],
    mcp_tool_calls: ['called_at', 'error', 'id', 'room_id', 'token_id', 'token_name', 'tool'],
    room_first_visits: ['investor_email', 'investor_name', 'room_id', 'user_id', 'visited_at'],
    investor_access: ['access_expires_at', 'email', 'group_id', 'room_id', 'share_link_id', 'updated_at'],
    investor_groups: ['created_at', 'id', 'is_default', 'is_view_only', 'name', 'room_id'],
    room_members: ['created_at', 'role', 'room_id', 'user_id'],
    room_notification_settings: ['founder_notifications', 'investors_notified_at', 'room_id', 'updated_at'],
    room_removals: ['email', 'removed_at', 'removed_by', 'room_id'],
    room_searches: ['id', 'invitation_id', 'query', 'result_count', 'room_id', 'searched_at', 'user_id'],
    room_sections: ['markdown', 'room_id', 'updated_at'],
    passkeys: [
      'counter',
      'created_at',
      'credential_id',
      'id',
      'last_used_at',
      'name',
      'public_key',
      'transports',
      'user_id',
    ],
    question_answer_edits: [
      'answer_before',
      'edited_at',
      'edited_by',
      'id',
      'kind',
      'question_before',
      'question_id',
      'room_id',
    ],
    question_answer_mails: ['id', 'room_id', 'sent_at', 'token_hash', 'unsubscribed_at', 'user_id'],
    question_settings: ['is_enabled', 'room_id', 'updated_at'],
    room_brands: [
      'accent_color',
      'banner_bytes',
      'banner_hash',
      'is_roundroom_shown',
      'logo_bytes',
      'logo_hash',
      'logo_type',
      'room_id',
      'updated_at',
    ],
    questions: [
      'answer',
      'answer_changed_at',
      'answered_at',
      'answered_by',
      'asker_id',
      'asker_seen_at',
      'created_at',
      'document_id',
      'id',
      'page',
      'passages',
      'published_at',
      'published_question',
      'room_id',
      'section_key',
      'section_name',
      'state',
      'subject_kind',
      'text',
    ],
    recovery_codes: ['code_hash', 'created_at', 'id', 'used_at', 'user_id'],
    room_passkey_requirements: ['created_at', 'required_by', 'room_id'],
    search_documents: ['document_id', 'indexed_at', 'room_id', 'version_number'],
    // PostgreSQL keeps each page's tsvector beside its text; SQLite's index is the FTS5 table (ADR 88).
    search_pages: [
      'document_id',
      'page',
      'room_id',
      'text',
      ...(inject('testDatabase').dialect === 'postgres' ? ['words'] : []),
    ],
    search_settings: ['is_query_visible', 'room_id', 'updated_at'],
    section_visibility: ['group_ids', 'room_id', 'section_name', 'updated_at'],
    share_link_codes: [
      'attempts',
      'browser_mark_hash',
      'code_hash',
      'created_at',
      'email',
      'expires_at',
      'id',
      'proof_hash',
      'share_link_id',
      'used_at',
    ],
    share_link_readers: [
      'created_at',
      'decided_at',
      'email',
      'forwarded_from',
      'id',
      'room_id',
      'share_link_id',
      'state',
    ],
    document_links: [
      'document_id',
      'is_download_allowed',
      'is_forward_approval_required',
      'is_watermarked',
      'room_id',
      'share_link_id',
      'version_number',
    ],
    share_links: [
      'allowed_domains',
      'created_at',
      'created_by',
      'disabled_at',
      'expires_at',
      'group_id',
      'id',
      'is_approval_required',
      'is_room_named',
      'max_readers',
      'name',
      'name_key',
      'room_id',
      'token_hash',
      'token_key_id',
      'token_sealed',
    ],
    sessions: [
      'created_at',
      'expires_at',
      'id',
      'is_second_factor_pending',
      'only_room_id',
      'only_share_link_id',
      'revoked_at',
      'token_hash',
      'user_agent',
      'user_id',
    ],
    session_uses: ['last_used_at', 'last_used_ip', 'session_id'],
    users: ['created_at', 'email', 'id', 'is_active', 'last_login_at', 'name', 'plan', 'role'],
    waitlist: ['company_name', 'contact_email', 'created_at', 'id'],
    webauthn_challenges: [
      'challenge',
      'created_at',
      'expires_at',
      'id',
      'purpose',
      'session_id',
      'used_at',
      'user_id',
    ],
    webhook_deliveries: [
      'attempts',
      'created_at',
      'duration_ms',
      'endpoint_id',
      'event_type',
      'finished_at',
      'first_attempt_at',
      'id',
      'last_attempt_at',
      'last_error',
      'last_status_code',
      'message_id',
      'next_attempt_at',
      'payload',
      'response_excerpt',
      'room_id',
      'status',
    ],
    webhook_endpoints: [
      'created_at',
      'created_by',
      'disabled_at',
      'disabled_reason',
      'events',
      'failing_since_at',
      'id',
      'is_enabled',
      'previous_secret',
      'previous_secret_expires_at',
      'room_id',
      'secret',
      'updated_at',
      'url',
    ],
  });
});

test('migrating twice is a no-op', async () => {
  await expect(migrateToLatest(handle.db)).resolves.toBeUndefined();
});

const founder: User = {
  id: crypto.randomUUID(),
  email: 'zoë.ångström@example.com',
  name: 'Zoë Ångström 李小龍 🚀',
  role: 'founder',
  isActive: true,
  plan: 'professional',
  // Millisecond precision must survive on both dialects.
  createdAt: new Date('2026-03-01T12:34:56.789Z'),
  lastLoginAt: null,
};

test('a user round-trips: unicode text, a boolean, a timestamp and a null timestamp', async () => {
  await insertUser(handle.db, founder);
  expect(await findUserById(handle.db, founder.id)).toEqual(founder);
  expect(await findUserByEmail(handle.db, founder.email)).toEqual(founder);

  const inactive: User = {
    ...founder,
    id: crypto.randomUUID(),
    email: 'inactive@example.com',
    isActive: false,
    role: 'investor',
    lastLoginAt: new Date('2099-12-31T23:59:59.999Z'),
  };
  await insertUser(handle.db, inactive);
  expect(await findUserById(handle.db, inactive.id)).toEqual(inactive);
});

test('a room and a document round-trip, with a size beyond 32 bits', async () => {
  const room: DataRoom = {
    id: crypto.randomUUID(),
    ownerId: founder.id,
    companyName: 'Ørsted Dynamics «Ltd»',
    description: 'Quotes \' " and back\\slashes; emoji 🧪',
    stage: 'Series A',
    foundedYear: 2021,
    website: 'https://example.com',
    isActive: false,
    isDownloadAllowed: false,
    isNdaRequired: true,
    ndaVersionId: null,
    isWatermarkEnabled: true,
    createdAt: new Date('2026-05-01T08:00:00.000Z'),
    updatedAt: new Date('2026-05-02T09:30:00.500Z'),
  };
  await insertDataRoom(handle.db, room);
  expect(await findDataRoomById(handle.db, room.id)).toEqual(room);

  // Its sections: none saved (the starter template), then a first save, then one that replaces it.
  expect(await findRoomSections(handle.db, room.id)).toBeUndefined();
  const sections = {
    roomId: room.id,
    markdown: '# Company Information\nname: Ørsted\n\n## Financial information 財務\n',
    updatedAt: new Date('2026-06-01T00:00:00.001Z'),
  };
  await saveRoomSections(handle.db, sections);
  expect(await findRoomSections(handle.db, room.id)).toEqual(sections);
  const resaved = {
    ...sections,
    markdown: '## Legal {icon=gavel}\n',
    updatedAt: new Date('2026-06-02T00:00:00.002Z'),
  };
  await saveRoomSections(handle.db, resaved);
  expect(await findRoomSections(handle.db, room.id)).toEqual(resaved);

  const document: StoredDocument = {
    id: crypto.randomUUID(),
    roomId: room.id,
    title: 'Финансовая модель 2026 — 財務モデル.xlsx',
    originalName: 'Финансовая модель.xlsx',
    fileType: 'excel',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    sizeBytes: 5_368_709_121, // 5 GiB + 1 byte: past 2^32
    sha256: 'a'.repeat(64),
    storageKey: crypto.randomUUID(),
    uploadedBy: founder.id,
    downloadPolicy: 'allowed',
    currentVersion: 1,
    createdAt: new Date('2026-05-03T10:00:00.000Z'),
    updatedAt: new Date('2026-05-03T10:00:00.000Z'),
  };
  await insertDocument(handle.db, document);
  const stored = await findDocumentInRoom(handle.db, room.id, document.id);
  expect(stored).toEqual(document);
  expect(typeof stored?.sizeBytes).toBe('number');
  expect(await findDocumentInRoom(handle.db, crypto.randomUUID(), document.id)).toBeUndefined();
});

test('foreign keys are enforced: a document cannot point at a missing room', async () => {
  await expect(
    insertDocument(handle.db, {
      id: crypto.randomUUID(),
      roomId: crypto.randomUUID(),
      title: 'orphan.pdf',
      originalName: 'orphan.pdf',
      fileType: 'pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1,
      sha256: 'b'.repeat(64),
      storageKey: crypto.randomUUID(),
      uploadedBy: founder.id,
      downloadPolicy: null,
      currentVersion: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    }),
  ).rejects.toThrow();
});

test('check constraints hold: a role outside founder/investor is refused', async () => {
  await expect(
    insertUser(handle.db, {
      ...founder,
      id: crypto.randomUUID(),
      email: 'admin@example.com',
      role: 'admin' as User['role'],
    }),
  ).rejects.toThrow();
});

test('check constraints hold: a download policy outside allowed/view_only is refused; a room allows downloads by default', async () => {
  const roomId = crypto.randomUUID();
  const at = Date.now();
  // Raw, as a row written before this column existed would be: the default applies.
  await handle.db
    .insertInto('data_rooms')
    .values({
      id: roomId,
      owner_id: founder.id,
      company_name: 'Defaults',
      description: '',
      stage: 'Seed',
      founded_year: null,
      website: '',
      is_active: 1,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  expect((await findDataRoomById(handle.db, roomId))?.isDownloadAllowed).toBe(true);
  const document: StoredDocument = {
    id: crypto.randomUUID(),
    roomId,
    title: 'Deck.pdf',
    originalName: 'Deck.pdf',
    fileType: 'pdf',
    mimeType: 'application/pdf',
    sizeBytes: 1,
    sha256: 'c'.repeat(64),
    storageKey: crypto.randomUUID(),
    uploadedBy: founder.id,
    downloadPolicy: null,
    currentVersion: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  await insertDocument(handle.db, document);
  expect((await findDocumentInRoom(handle.db, roomId, document.id))?.downloadPolicy).toBeNull();
  await expect(
    insertDocument(handle.db, {
      ...document,
      id: crypto.randomUUID(),
      storageKey: crypto.randomUUID(),
      downloadPolicy: 'room' as StoredDocument['downloadPolicy'],
      currentVersion: 1,
    }),
  ).rejects.toThrow();
  await expect(
    handle.db
      .updateTable('data_rooms')
      .set({ is_download_allowed: 2 as never })
      .where('id', '=', roomId)
      .execute(),
  ).rejects.toThrow();
});

test('e-mail addresses are unique', async () => {
  await expect(insertUser(handle.db, { ...founder, id: crypto.randomUUID() })).rejects.toThrow();
});

test('on PostgreSQL, idle connections cut by the server are replaced, not fatal', async () => {
  const target = inject('testDatabase');
  if (target.dialect !== 'postgres') return; // SQLite has no connections to cut
  await sql`select 1`.execute(handle.db);
  const name = new URL(testDatabase.environment.DATABASE_URL ?? '').pathname.slice(1);
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  await admin.end();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const result = await sql<{ answer: number }>`select 42 as answer`.execute(handle.db);
  expect(result.rows[0]?.answer).toBe(42);
});

test('on SQLite, every commit syncs the write-ahead log before it returns (synchronous = FULL)', async () => {
  if (handle.dialect !== 'sqlite') return; // PostgreSQL's synchronous_commit belongs to the server's operator
  const result = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
  expect(result.rows[0]?.synchronous).toBe(2);
});

test('notifications (migration 0007): only the four choices, one first visit per room and e-mail, one row per notification key', async () => {
  const roomId = crypto.randomUUID();
  const at = Date.now();
  await handle.db
    .insertInto('data_rooms')
    .values({
      id: roomId,
      owner_id: founder.id,
      company_name: 'Notified',
      description: '',
      stage: 'Seed',
      founded_year: null,
      website: '',
      is_active: 1,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  // Raw, without the choice: the default applies.
  await handle.db
    .insertInto('room_notification_settings')
    .values({ room_id: roomId, updated_at: at } as never)
    .execute();
  const settings = await handle.db
    .selectFrom('room_notification_settings')
    .select('founder_notifications')
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  expect(settings.founder_notifications).toBe('first_visits_and_hourly');
  await expect(
    handle.db
      .updateTable('room_notification_settings')
      .set({ founder_notifications: 'weekly' as never })
      .where('room_id', '=', roomId)
      .execute(),
  ).rejects.toThrow();

  const visit = {
    room_id: roomId,
    investor_email: 'ann@example.com',
    investor_name: 'Ann',
    user_id: null,
    visited_at: at,
  };
  await handle.db.insertInto('room_first_visits').values(visit).execute();
  await expect(handle.db.insertInto('room_first_visits').values(visit).execute()).rejects.toThrow();

  const notification = {
    room_id: roomId,
    kind: 'first_visit' as const,
    notification_key: `first_visit:${roomId}:ann@example.com`,
    investor_email: 'ann@example.com',
    window_start_at: null,
    window_end_at: null,
    unsubscribe_token_hash: null,
    created_at: at,
    sent_at: null,
    skipped_at: null,
  };
  await handle.db
    .insertInto('founder_notifications')
    .values({ ...notification, id: crypto.randomUUID() })
    .execute();
  await expect(
    handle.db
      .insertInto('founder_notifications')
      .values({ ...notification, id: crypto.randomUUID() })
      .execute(),
  ).rejects.toThrow();
  // Any kind is stored since migration 0034: the kinds are checked in code, by the notices' types.
  await handle.db
    .insertInto('founder_notifications')
    .values({ ...notification, id: crypto.randomUUID(), notification_key: 'x', kind: 'weekly' as never })
    .execute();
});

test('migration 0015 moves every saved sections text to room_sections with its time, leaves the starter template as no row, and goes back down', async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0015-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0014-webhooks')).error).toBeUndefined();
    const owner = crypto.randomUUID();
    await sql`insert into users (id, email, name, role, is_active, plan, created_at)
              values (${owner}, 'owner@example.com', 'Owner', 'founder', 1, 'professional', 1)`.execute(
      older.db,
    );
    const room = (id: string, markdown: string | null, sectionsAt: number | null, updatedAt: number) =>
      sql`insert into data_rooms (id, owner_id, company_name, stage, created_at, updated_at, sections_markdown, sections_updated_at)
          values (${id}, ${owner}, 'Co', 'Seed', 1, ${updatedAt}, ${markdown}, ${sectionsAt})`.execute(
        older.db,
      );
    const [saved, starter, savedWithoutTime] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
    ];
    await room(saved, '## Legal 法務\n', 3_000, 2_000);
    await room(starter, null, null, 5_000);
    await room(savedWithoutTime, '## Team\n', null, 7_000);
    // A time beside no text (not written so by the server) is still "last updated".
    const timeWithoutText = crypto.randomUUID();
    await room(timeWithoutText, null, 9_000, 8_000);

    await migrateToLatest(older.db);
    const rows = await older.db.selectFrom('room_sections').selectAll().orderBy('updated_at').execute();
    expect(rows).toEqual([
      { room_id: saved, markdown: '## Legal 法務\n', updated_at: 3_000 },
      { room_id: savedWithoutTime, markdown: '## Team\n', updated_at: 7_000 },
    ]);
    const columns = (await older.db.introspection.getTables()).find(
      (table) => table.name === 'data_rooms',
    )?.columns;
    if (inject('testDatabase').dialect === 'sqlite') {
      expect(columns?.map((column) => column.name)).not.toContain('sections_markdown');
    } else {
      // A node of the previous build, still running during the upgrade, still shows the text it knew,
      // and its writes are refused rather than saved where this build does not read them.
      const [known] = (
        await sql<{
          sections_markdown: string;
        }>`select sections_markdown from data_rooms where id = ${saved}`.execute(older.db)
      ).rows;
      expect(known?.sections_markdown).toBe('## Legal 法務\n');
      await expect(
        sql`update data_rooms set sections_markdown = 'lost', sections_updated_at = 4000 where id = ${saved}`.execute(
          older.db,
        ),
      ).rejects.toThrow('this server runs an older build');
      // Its other writes (a room closed, a new name) go through.
      await sql`update data_rooms set company_name = 'Renamed' where id = ${saved}`.execute(older.db);
    }
    // The room's row is as it was: its own last change is kept, beside its sections' own.
    expect((await findDataRoomById(older.db, saved))?.updatedAt).toEqual(new Date(2_000));
    expect((await findDataRoomById(older.db, timeWithoutText))?.updatedAt).toEqual(new Date(9_000));
    await older.db.deleteFrom('data_rooms').where('id', '=', timeWithoutText).execute();

    // A room deleted takes its sections with it.
    await older.db.deleteFrom('data_rooms').where('id', '=', savedWithoutTime).execute();
    expect(await findRoomSections(older.db, savedWithoutTime)).toBeUndefined();

    expect((await migrator.migrateTo('0014-webhooks')).error).toBeUndefined();
    const restored = await sql<{
      id: string;
      sections_markdown: string | null;
      sections_updated_at: number | null;
    }>`
      select id, sections_markdown, sections_updated_at from data_rooms order by updated_at`.execute(
      older.db,
    );
    expect(
      restored.rows.map((row) => ({
        ...row,
        sections_updated_at: row.sections_updated_at && Number(row.sections_updated_at),
      })),
    ).toEqual([
      { id: saved, sections_markdown: '## Legal 法務\n', sections_updated_at: 3_000 },
      { id: starter, sections_markdown: null, sections_updated_at: null },
    ]);
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test('migration 0024 makes every existing document its own version 1, current, and goes back down', async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0024-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0022-passkeys')).error).toBeUndefined();
    const [owner, room, document] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await sql`insert into users (id, email, name, role, is_active, plan, created_at)
              values (${owner}, 'owner@example.com', 'Owner', 'founder', 1, 'professional', 1)`.execute(
      older.db,
    );
    await sql`insert into data_rooms (id, owner_id, company_name, stage, created_at, updated_at)
              values (${room}, ${owner}, 'Co', 'Seed', 1, 1)`.execute(older.db);
    await sql`insert into documents (id, room_id, title, original_name, file_type, mime_type, size_bytes,
                sha256, storage_key, uploaded_by, created_at, updated_at)
              values (${document}, ${room}, 'Deck', 'Deck.pdf', 'pdf', 'application/pdf', 1234,
                ${'a'.repeat(64)}, 'stored-deck', ${owner}, 5000, 6000)`.execute(older.db);

    await migrateToLatest(older.db);
    expect(
      await older.db
        .selectFrom('document_versions')
        .selectAll()
        .where('document_id', '=', document)
        .execute(),
    ).toEqual([
      {
        document_id: document,
        number: 1,
        room_id: room,
        original_name: 'Deck.pdf',
        file_type: 'pdf',
        mime_type: 'application/pdf',
        size_bytes: 1234,
        sha256: 'a'.repeat(64),
        storage_key: 'stored-deck',
        uploaded_by: owner,
        created_at: 5000,
        status: 'current',
        is_readers_notified: 0,
        page_count: null,
      },
    ]);
    const row = await older.db
      .selectFrom('documents')
      .select(['current_version', 'updated_at'])
      .where('id', '=', document)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_version: 1, updated_at: 6000 });

    expect((await migrator.migrateTo('0022-passkeys')).error).toBeUndefined();
    const tables = (await older.db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('document_versions');
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test("migration 0035 moves each session's last use into session_uses, and goes back down", async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0035-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0034-founder-notice-kinds-in-code')).error).toBeUndefined();
    const [user, used, unused] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await sql`insert into users (id, email, name, role, is_active, plan, created_at)
              values (${user}, 'reader@example.com', 'Reader', 'investor', 1, 'investor', 1)`.execute(
      older.db,
    );
    await sql`insert into sessions (id, user_id, token_hash, created_at, expires_at, last_used_at, last_used_ip)
              values (${used}, ${user}, 'hash-used', 1, 9000, 7000, '203.0.113.9'),
                     (${unused}, ${user}, 'hash-unused', 1, 9000, null, null)`.execute(older.db);

    await migrateToLatest(older.db);
    expect(await older.db.selectFrom('session_uses').selectAll().execute()).toEqual([
      { session_id: used, last_used_at: 7000, last_used_ip: '203.0.113.9' },
    ]);

    expect((await migrator.migrateTo('0034-founder-notice-kinds-in-code')).error).toBeUndefined();
    const sessions = await sql<{ id: string; last_used_at: number | null; last_used_ip: string | null }>`
      select id, last_used_at, last_used_ip from sessions order by last_used_at`.execute(older.db);
    expect(sessions.rows).toEqual(
      expect.arrayContaining([
        { id: used, last_used_at: 7000, last_used_ip: '203.0.113.9' },
        { id: unused, last_used_at: null, last_used_ip: null },
      ]),
    );
    const tables = (await older.db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('session_uses');
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test('migration 0023 gives every room "All investors", with the room\'s id, and every investor a place in it; an editor none; and goes back down', async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0023-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0022-passkeys')).error).toBeUndefined();
    const user = async (email: string) => {
      const id = crypto.randomUUID();
      await sql`insert into users (id, email, name, role, is_active, plan, created_at)
                values (${id}, ${email}, '', 'founder', 1, 'professional', 1)`.execute(older.db);
      return id;
    };
    const [owner, member, editor] = [
      await user('owner@example.com'),
      await user('member@fund.example'),
      await user('editor@example.com'),
    ];
    const room = crypto.randomUUID();
    await sql`insert into data_rooms (id, owner_id, company_name, stage, created_at, updated_at)
              values (${room}, ${owner}, 'Co', 'Seed', 1, 1)`.execute(older.db);
    for (const [userId, role] of [
      [owner, 'owner'],
      [member, 'investor'],
      [editor, 'editor'],
    ] as const) {
      await sql`insert into room_members (room_id, user_id, role, created_at)
                values (${room}, ${userId}, ${role}, 5)`.execute(older.db);
    }
    // The member's own invitation (the same address) and one still pending, in capitals as typed once.
    const invitation = (email: string, role: string, createdAt: number) =>
      sql`insert into invitations (id, room_id, email, token_hash, invited_by, created_at, expires_at, role)
          values (${crypto.randomUUID()}, ${room}, ${email}, ${crypto.randomUUID()}, ${owner}, ${createdAt}, 99, ${role})`.execute(
        older.db,
      );
    await invitation('member@fund.example', 'investor', 3);
    await invitation('Pending@Fund.example', 'investor', 4);
    await invitation('cofounder@example.com', 'editor', 4);

    await migrateToLatest(older.db);
    const groups = await older.db.selectFrom('investor_groups').selectAll().execute();
    expect(groups.map((group) => ({ ...group, created_at: Number(group.created_at) }))).toEqual([
      { id: room, room_id: room, name: 'All investors', is_default: 1, is_view_only: 0, created_at: 1 },
    ]);
    const places = await older.db
      .selectFrom('investor_access')
      .select(['email', 'group_id', 'access_expires_at'])
      .orderBy('email')
      .execute();
    expect(places).toEqual([
      { email: 'member@fund.example', group_id: room, access_expires_at: null },
      { email: 'pending@fund.example', group_id: room, access_expires_at: null },
    ]);

    expect((await migrator.migrateTo('0022-passkeys')).error).toBeUndefined();
    const tables = (await older.db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('investor_groups');
    expect(tables).not.toContain('investor_access');
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test("migration 0027 keeps the founder's notifications while their kinds gain 'question', and goes back down", async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0027-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0026-share-links')).error).toBeUndefined();
    const [owner, room] = [crypto.randomUUID(), crypto.randomUUID()];
    await sql`insert into users (id, email, name, role, is_active, plan, created_at)
              values (${owner}, 'owner@example.com', 'Owner', 'founder', 1, 'professional', 1)`.execute(
      older.db,
    );
    await sql`insert into data_rooms (id, owner_id, company_name, stage, created_at, updated_at)
              values (${room}, ${owner}, 'Co', 'Seed', 1, 1)`.execute(older.db);
    const notification = (id: string, kind: string) =>
      sql`insert into founder_notifications (id, room_id, kind, notification_key, created_at)
          values (${id}, ${room}, ${kind}, ${`${kind}:${id}`}, 7)`.execute(older.db);
    const visit = crypto.randomUUID();
    await notification(visit, 'first_visit');
    await expect(notification(crypto.randomUUID(), 'question')).rejects.toThrow();

    expect((await migrator.migrateTo('0027-questions')).error).toBeUndefined();
    const kept = await older.db
      .selectFrom('founder_notifications')
      .select(['id', 'kind', 'notification_key', 'created_at'])
      .execute();
    expect(kept).toEqual([
      { id: visit, kind: 'first_visit', notification_key: `first_visit:${visit}`, created_at: 7 },
    ]);
    await notification(crypto.randomUUID(), 'question');
    await expect(notification(crypto.randomUUID(), 'weekly')).rejects.toThrow();

    expect((await migrator.migrateTo('0026-share-links')).error).toBeUndefined();
    const tables = (await older.db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('questions');
    expect(
      (await older.db.selectFrom('founder_notifications').select('kind').execute()).map((row) => row.kind),
    ).toEqual(['first_visit']);
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test('migration 0031 names the room on every link already made, takes only 0 or 1, and goes back down', async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0031-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0030-archive-upload-slots')).error).toBeUndefined();
    const [owner, room, made] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await sql`insert into users (id, email, name, role, is_active, plan, created_at)
              values (${owner}, 'owner@example.com', 'Owner', 'founder', 1, 'professional', 1)`.execute(
      older.db,
    );
    await sql`insert into data_rooms (id, owner_id, company_name, stage, created_at, updated_at)
              values (${room}, ${owner}, 'Co', 'Seed', 1, 1)`.execute(older.db);
    await sql`insert into investor_groups (id, room_id, name, is_default, created_at)
              values (${room}, ${room}, 'All investors', 1, 1)`.execute(older.db);
    const link = (id: string) =>
      sql`insert into share_links (id, room_id, group_id, name, token_hash, created_by, created_at)
          values (${id}, ${room}, ${room}, 'Outreach', ${`hash-${id}`}, ${owner}, 1)`.execute(older.db);
    await link(made);

    await migrateToLatest(older.db);
    const named = await older.db.selectFrom('share_links').select(['id', 'is_room_named']).execute();
    expect(named).toEqual([{ id: made, is_room_named: 1 }]);
    await expect(
      sql`update share_links set is_room_named = 2 where id = ${made}`.execute(older.db),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('0030-archive-upload-slots')).error).toBeUndefined();
    const columns = (await older.db.introspection.getTables())
      .find((table) => table.name === 'share_links')
      ?.columns.map((column) => column.name);
    expect(columns).not.toContain('is_room_named');
    await link(crypto.randomUUID());
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test('migration 0032 keeps no address for links already made, renames a room\'s duplicate names "Name (2)", holds names unique whatever their case, and goes back down', async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0032-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0031-share-link-names-the-room')).error).toBeUndefined();
    const owner = crypto.randomUUID();
    const [room, otherRoom] = [crypto.randomUUID(), crypto.randomUUID()];
    await sql`insert into users (id, email, name, role, is_active, plan, created_at)
              values (${owner}, 'owner@example.com', 'Owner', 'founder', 1, 'professional', 1)`.execute(
      older.db,
    );
    for (const id of [room, otherRoom]) {
      await sql`insert into data_rooms (id, owner_id, company_name, stage, created_at, updated_at)
                values (${id}, ${owner}, 'Co', 'Seed', 1, 1)`.execute(older.db);
      await sql`insert into investor_groups (id, room_id, name, is_default, created_at)
                values (${id}, ${id}, 'All investors', 1, 1)`.execute(older.db);
    }
    const link = (roomId: string, name: string, createdAt: number) => {
      const id = crypto.randomUUID();
      return sql`insert into share_links (id, room_id, group_id, name, token_hash, created_by, created_at)
          values (${id}, ${roomId}, ${roomId}, ${name}, ${`hash-${id}`}, ${owner}, ${createdAt})`
        .execute(older.db)
        .then(() => id);
    };
    // After the migration a link is written with its name's key, as the server writes it.
    const keyedLink = (roomId: string, name: string, createdAt: number) => {
      const id = crypto.randomUUID();
      return sql`insert into share_links (id, room_id, group_id, name, name_key, token_hash, created_by, created_at)
          values (${id}, ${roomId}, ${roomId}, ${name}, ${shareLinkNameKey(name)}, ${`hash-${id}`}, ${owner},
            ${createdAt})`
        .execute(older.db)
        .then(() => id);
    };
    const oldest = await link(room, 'Outreach', 1);
    const second = await link(room, 'outreach', 2);
    const third = await link(room, 'OUTREACH', 3);
    // A name that already looks like the rename is kept, and the rename takes the next number.
    const numbered = await link(room, 'Outreach (2)', 0);
    const long = await link(room, 'L'.repeat(80), 4);
    const longTwin = await link(room, 'l'.repeat(80), 5);
    const elsewhere = await link(otherRoom, 'Outreach', 6);
    // Beyond A to Z, where SQLite's lower() does not fold and PostgreSQL's may differ from JavaScript's.
    const accented = await link(room, 'Équipe', 10);
    const accentedTwin = await link(room, 'équipe', 11);
    const dotted = await link(room, 'İnvestors', 12);
    const dottedTwin = await link(room, 'i\u0307nvestors', 13);

    await migrateToLatest(older.db);
    const rows = await older.db
      .selectFrom('share_links')
      .select(['id', 'name', 'token_sealed', 'token_key_id'])
      .execute();
    const nameOf = Object.fromEntries(rows.map((row) => [row.id, row.name]));
    expect(nameOf).toEqual({
      [oldest]: 'Outreach',
      [numbered]: 'Outreach (2)',
      [second]: 'outreach (3)',
      [third]: 'OUTREACH (4)',
      [long]: 'L'.repeat(80),
      [longTwin]: `${'l'.repeat(76)} (2)`,
      [elsewhere]: 'Outreach',
      [accented]: 'Équipe',
      [accentedTwin]: 'équipe (2)',
      [dotted]: 'İnvestors',
      [dottedTwin]: 'i\u0307nvestors (2)',
    });
    expect(rows.every((row) => row.token_sealed === null && row.token_key_id === null)).toBe(true);
    const keys = await older.db.selectFrom('share_links').select(['name', 'name_key']).execute();
    expect(keys.every((row) => row.name_key === shareLinkNameKey(row.name))).toBe(true);
    await expect(keyedLink(room, 'OUTREACH (3)', 7)).rejects.toThrow();
    await expect(keyedLink(room, 'ÉQUIPE', 7)).rejects.toThrow();
    await expect(keyedLink(otherRoom, 'outreach', 7)).rejects.toThrow();
    await keyedLink(otherRoom, 'Outreach (2)', 7);

    expect((await migrator.migrateTo('0031-share-link-names-the-room')).error).toBeUndefined();
    const columns = (await older.db.introspection.getTables())
      .find((table) => table.name === 'share_links')
      ?.columns.map((column) => column.name);
    expect(columns).not.toContain('token_sealed');
    expect(columns).not.toContain('token_key_id');
    expect(columns).not.toContain('name_key');
    await link(room, 'Outreach', 8);
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test("migration 0033 keys the page roll-ups by version from the views (before versions: version 1), keeps each version's known page count, and goes back down", async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0033-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0032-share-link-addresses')).error).toBeUndefined();
    const [owner, reader, room, document] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
    ];
    await sql`insert into users (id, email, name, role, is_active, plan, created_at)
              values (${owner}, 'owner@example.com', 'Owner', 'founder', 1, 'professional', 1),
                     (${reader}, 'ivy@fund.example', 'Ivy', 'investor', 1, 'professional', 1)`.execute(
      older.db,
    );
    await sql`insert into data_rooms (id, owner_id, company_name, stage, created_at, updated_at)
              values (${room}, ${owner}, 'Co', 'Seed', 1, 1)`.execute(older.db);
    await sql`insert into documents (id, room_id, title, original_name, file_type, mime_type, size_bytes,
                sha256, storage_key, uploaded_by, created_at, updated_at, current_version)
              values (${document}, ${room}, 'Deck', 'Deck v2.pdf', 'pdf', 'application/pdf', 1234,
                ${'b'.repeat(64)}, 'stored-deck-2', ${owner}, 5000, 6000, 2)`.execute(older.db);
    await sql`insert into document_versions (document_id, number, room_id, original_name, file_type, mime_type,
                size_bytes, sha256, storage_key, uploaded_by, created_at, status, is_readers_notified)
              values (${document}, 1, ${room}, 'Deck.pdf', 'pdf', 'application/pdf', 1000, ${'a'.repeat(64)},
                'stored-deck', ${owner}, 5000, 'earlier', 0),
                     (${document}, 2, ${room}, 'Deck v2.pdf', 'pdf', 'application/pdf', 1234, ${'b'.repeat(64)},
                'stored-deck-2', ${owner}, 6000, 'current', 0)`.execute(older.db);
    await sql`insert into document_previews (document_id, kind, status, page_count, is_text_available,
                created_at, updated_at, prepared_at, generation, version_number)
              values (${document}, 'pages', 'ready', 13, 1, 6000, 6000, 6000, 2, 2)`.execute(older.db);
    // A view from before versions read pages 1 to 6 of the first file; a view of version 2 read pages 6 and 7.
    const [early, late] = [crypto.randomUUID(), crypto.randomUUID()];
    await sql`insert into reading_views (id, room_id, document_id, user_id, started_at, last_report_at, read_ms,
                pages_seen, report_count, document_version)
              values (${early}, ${room}, ${document}, ${reader}, 7000, 8000, 6000, 6, 1, null),
                     (${late}, ${room}, ${document}, ${reader}, 9000, 9500, 3000, 2, 1, 2)`.execute(older.db);
    for (const page of [1, 2, 3, 4, 5, 6])
      await sql`insert into reading_view_pages (view_id, page, read_ms) values (${early}, ${page}, 1000)`.execute(
        older.db,
      );
    await sql`insert into reading_view_pages (view_id, page, read_ms)
              values (${late}, 6, 2000), (${late}, 7, 1000)`.execute(older.db);
    // The roll-ups as the report batch left them, every version's page 6 counted as one page.
    for (const [page, readMs] of [
      [1, 1000],
      [2, 1000],
      [3, 1000],
      [4, 1000],
      [5, 1000],
      [6, 3000],
      [7, 1000],
    ]) {
      await sql`insert into reading_reader_pages (document_id, user_id, page, read_ms)
                values (${document}, ${reader}, ${page}, ${readMs})`.execute(older.db);
      await sql`insert into reading_document_pages (document_id, page, read_ms, reader_count)
                values (${document}, ${page}, ${readMs}, 1)`.execute(older.db);
    }
    await sql`insert into reading_document_readers (document_id, user_id, room_id, view_count, read_ms, pages_seen,
                first_viewed_at, last_viewed_at, clock_at)
              values (${document}, ${reader}, ${room}, 2, 9000, 7, 7000, 9000, 9500)`.execute(older.db);

    await migrateToLatest(older.db);
    const readerPages = await older.db
      .selectFrom('reading_reader_pages')
      .select(['version_number', 'page', 'read_ms'])
      .where('document_id', '=', document)
      .where('user_id', '=', reader)
      .orderBy('version_number')
      .orderBy('page')
      .execute();
    const v1 = [1, 2, 3, 4, 5, 6].map((page) => ({ version_number: 1, page, read_ms: 1000 }));
    const v2 = [
      { version_number: 2, page: 6, read_ms: 2000 },
      { version_number: 2, page: 7, read_ms: 1000 },
    ];
    expect(readerPages.map((row) => ({ ...row, read_ms: Number(row.read_ms) }))).toEqual([...v1, ...v2]);
    const documentPages = await older.db
      .selectFrom('reading_document_pages')
      .select(['version_number', 'page', 'read_ms', 'reader_count'])
      .where('document_id', '=', document)
      .orderBy('version_number')
      .orderBy('page')
      .execute();
    expect(documentPages.map((row) => ({ ...row, read_ms: Number(row.read_ms) }))).toEqual(
      [...v1, ...v2].map((row) => ({ ...row, reader_count: 1 })),
    );
    const totals = await older.db
      .selectFrom('reading_document_readers')
      .select(['pages_seen', 'read_ms', 'view_count', 'clock_at'])
      .executeTakeFirstOrThrow();
    expect({ ...totals, read_ms: Number(totals.read_ms), clock_at: Number(totals.clock_at) }).toEqual({
      pages_seen: 8,
      read_ms: 9000,
      view_count: 2,
      clock_at: 9500,
    });
    const pageCounts = await older.db
      .selectFrom('document_versions')
      .select(['number', 'page_count'])
      .where('document_id', '=', document)
      .orderBy('number')
      .execute();
    // Version 1's preview was replaced by version 2's: its count is not known any more.
    expect(pageCounts).toEqual([
      { number: 1, page_count: null },
      { number: 2, page_count: 13 },
    ]);
    // The new keys hold: the same page of the same version and reader is one row.
    await expect(
      sql`insert into reading_reader_pages (document_id, version_number, user_id, page, read_ms)
          values (${document}, 2, ${reader}, 7, 5)`.execute(older.db),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('0032-share-link-addresses')).error).toBeUndefined();
    const merged = await older.db
      .selectFrom('reading_reader_pages')
      .select(['page', 'read_ms'])
      .where('document_id', '=', document)
      .orderBy('page')
      .execute();
    expect(merged.map((row) => [row.page, Number(row.read_ms)])).toEqual([
      [1, 1000],
      [2, 1000],
      [3, 1000],
      [4, 1000],
      [5, 1000],
      [6, 3000],
      [7, 1000],
    ]);
    const back = await older.db
      .selectFrom('reading_document_readers')
      .select('pages_seen')
      .executeTakeFirstOrThrow();
    expect(back.pages_seen).toBe(7);
    const versionColumns = (await older.db.introspection.getTables())
      .find((table) => table.name === 'document_versions')
      ?.columns.map((column) => column.name);
    expect(versionColumns).not.toContain('page_count');
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test("migration 0034 lets a founder's notification be of any kind, keeps every row, and goes back down to the kinds it checked", async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0034-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0033-reading-by-version')).error).toBeUndefined();
    const [owner, room] = [crypto.randomUUID(), crypto.randomUUID()];
    await sql`insert into users (id, email, name, role, is_active, plan, created_at)
              values (${owner}, 'owner@example.com', 'Owner', 'founder', 1, 'professional', 1)`.execute(
      older.db,
    );
    await sql`insert into data_rooms (id, owner_id, company_name, stage, created_at, updated_at)
              values (${room}, ${owner}, 'Co', 'Seed', 1, 1)`.execute(older.db);
    const notification = (id: string, kind: string) =>
      sql`insert into founder_notifications (id, room_id, kind, notification_key, unsubscribe_token_hash, created_at, sent_at)
          values (${id}, ${room}, ${kind}, ${`${kind}:${id}`}, ${`hash-${id}`}, 7, 8)`.execute(older.db);
    const [visit, question] = [crypto.randomUUID(), crypto.randomUUID()];
    await notification(visit, 'first_visit');
    await notification(question, 'question');
    await expect(notification(crypto.randomUUID(), 'weekly')).rejects.toThrow();

    await migrateToLatest(older.db);
    const rows = () =>
      older.db
        .selectFrom('founder_notifications')
        .select(['id', 'kind', 'notification_key', 'unsubscribe_token_hash', 'created_at', 'sent_at'])
        .orderBy('created_at')
        .orderBy('kind')
        .execute();
    const row = (id: string, kind: string) => ({
      id,
      kind,
      notification_key: `${kind}:${id}`,
      unsubscribe_token_hash: `hash-${id}`,
      created_at: 7,
      sent_at: 8,
    });
    expect(await rows()).toEqual([row(visit, 'first_visit'), row(question, 'question')]);
    const weekly = crypto.randomUUID();
    await notification(weekly, 'weekly');
    // The rebuilt table keeps its keys unique and its rows tied to their room.
    await expect(notification(visit, 'first_visit')).rejects.toThrow();
    await expect(
      sql`insert into founder_notifications (id, room_id, kind, notification_key, created_at)
          values (${crypto.randomUUID()}, ${crypto.randomUUID()}, 'first_visit', 'elsewhere', 7)`.execute(
        older.db,
      ),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('0033-reading-by-version')).error).toBeUndefined();
    // A kind the check did not name cannot stay: its row goes, the others stay as they were.
    expect(await rows()).toEqual([row(visit, 'first_visit'), row(question, 'question')]);
    await expect(notification(crypto.randomUUID(), 'weekly')).rejects.toThrow();
    await notification(crypto.randomUUID(), 'daily');
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test('migration 0040 indexes each page under its room as one word (SQLite) or one index (PostgreSQL), pages indexed before included, and goes back down', async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-0040-'));
  const database = await createTestDatabase();
  const older = openDatabase(parseConfig({ DATA_DIR: before, ...database.environment }).database);
  const isSqlite = older.dialect === 'sqlite';
  try {
    const migrator = new Migrator({ db: older.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0036-search-inside-every-page')).error).toBeUndefined();
    const owner = crypto.randomUUID();
    await sql`insert into users (id, email, name, role, is_active, plan, created_at)
              values (${owner}, 'owner@example.com', 'Owner', 'founder', 1, 'professional', 1)`.execute(
      older.db,
    );
    const rooms = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [index, room] of rooms.entries()) {
      const document = crypto.randomUUID();
      await sql`insert into data_rooms (id, owner_id, company_name, stage, created_at, updated_at)
                values (${room}, ${owner}, 'Co', 'Seed', 1, 1)`.execute(older.db);
      await sql`insert into documents (id, room_id, title, original_name, file_type, mime_type, size_bytes,
                  sha256, storage_key, uploaded_by, created_at, updated_at)
                values (${document}, ${room}, 'Deck', 'Deck.pdf', 'pdf', 'application/pdf', 1234,
                  ${'a'.repeat(64)}, ${`stored-${index}`}, ${owner}, 5000, 6000)`.execute(older.db);
      await sql`insert into search_documents (document_id, room_id, version_number, indexed_at)
                values (${document}, ${room}, 1, 1)`.execute(older.db);
      await sql`insert into search_pages (document_id, page, room_id, text)
                values (${document}, 1, ${room}, 'Monthly churn fell to two percent')`.execute(older.db);
    }
    const [room] = rooms as [string];
    const churnPagesOf = async (roomColumn: 'room_id' | 'room_token') => {
      if (isSqlite) {
        const roomWords = roomColumn === 'room_token' ? room.replaceAll('-', '') : room.replace(/-/g, ' ');
        const found = await sql<{ room_id: string }>`
          select p.room_id from search_pages_fts join search_pages p on p.rowid = search_pages_fts.rowid
           where search_pages_fts match ${`${roomColumn} : "${roomWords}" AND text : "churns"`}`.execute(
          older.db,
        );
        return found.rows.map((row) => row.room_id);
      }
      const found = await sql<{ room_id: string }>`
        select room_id from search_pages
         where room_id = ${room} and words @@ plainto_tsquery('roundroom_search', 'churns')`.execute(
        older.db,
      );
      return found.rows.map((row) => row.room_id);
    };
    const postgresIndexes = async () =>
      (
        await sql<{ indexname: string }>`
          select indexname from pg_indexes where tablename = 'search_pages' order by indexname`.execute(
          older.db,
        )
      ).rows.map((row) => row.indexname);

    await migrateToLatest(older.db);
    expect(await churnPagesOf('room_token')).toEqual([room]);
    if (!isSqlite) expect(await postgresIndexes()).toContain('search_pages_room_words');

    expect((await migrator.migrateTo('0036-search-inside-every-page')).error).toBeUndefined();
    expect(await churnPagesOf('room_id')).toEqual([room]);
    if (!isSqlite) expect(await postgresIndexes()).not.toContain('search_pages_room_words');
  } finally {
    await older.close();
    await database.drop();
    fs.rmSync(before, { recursive: true, force: true });
  }
});
