import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { WRITES_LISTENER_APPLICATION } from '#server/caches/cluster-write-epoch';
import { type Config, parseConfig } from '#server/config';
import { openDatabase } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { SERVER_LOCK_APPLICATION } from '#server/db/server-lock';
import { noteEngagementScores } from '#server/features/alerts/index';
import { refreshRoomEngagement } from '#server/features/engagement/index';
import { backUp } from '#server/operations/backup';
import type { BackupManifest } from '#server/operations/manifest';
import { restore } from '#server/operations/restore';
import { accountRoutes } from '#shared/contracts/accounts';
import { alertRoutes } from '#shared/contracts/alerts';
import { apiPath } from '#shared/contracts/api-route';
import { brandRoutes } from '#shared/contracts/brand';
import { documentRoutes } from '#shared/contracts/documents';
import { engagementRoutes } from '#shared/contracts/engagement';
import { groupRoutes } from '#shared/contracts/groups';
import { healthRoutes } from '#shared/contracts/health';
import { invitationRoutes } from '#shared/contracts/invitations';
import { ndaRoutes } from '#shared/contracts/nda';
import { notificationRoutes } from '#shared/contracts/notifications';
import { passkeyRoutes } from '#shared/contracts/passkeys';
import { questionRoutes } from '#shared/contracts/questions';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { searchRoutes } from '#shared/contracts/search';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { webhookRoutes } from '#shared/contracts/webhooks';
import { consistencyProblems } from '#tests/support/data-consistency';
import {
  ALL_TABLES,
  aBrowser,
  createApiToken,
  createFounder,
  founderWithInvestor,
  type SignedIn,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { answerOf, mcpClientOver } from '#tests/support/mcp-client';
import { writtenPdf } from '#tests/support/sample-documents';
import { runScript } from '#tests/support/server-process';
import { SoftwareAuthenticator } from '#tests/support/software-authenticator';
import {
  deleteStored,
  everyStoredName,
  holdIsPresent,
  overwriteStored,
  storedBytes,
  storedNames,
} from '#tests/support/stored-objects';
import {
  createTestDatabase,
  createTestStorage,
  startTestApp,
  storageEnvironmentOf,
  type TestApp,
  type TestDatabase,
} from '#tests/support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/support/webhook-receiver';

// npm run backup and npm run restore (scripts/backup.ts, scripts/restore.ts; the logic is in
// server/operations/backup.ts and restore.ts), on SQLite and PostgreSQL, with files on disk or in an
// S3-compatible bucket (TEST_STORAGE=s3), against a server that keeps writing.

let webhookReceiver: WebhookReceiver;
let source: TestApp;
let founder: SignedIn;
/** A 1×1 PNG, the room's logo. */
const SMALL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const scratch: string[] = [];
const databases: TestDatabase[] = [];

const newDirectory = (label: string) => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `roundroom-${label}-`));
  scratch.push(directory);
  return directory;
};

/** A fresh DATA_DIR, on PostgreSQL a fresh database, and on S3 a fresh bucket: where a restore goes. */
async function freshTarget(): Promise<{ environment: Record<string, string>; config: Config }> {
  const database = await createTestDatabase();
  databases.push(database);
  const environment = {
    DATA_DIR: newDirectory('restored'),
    ...database.environment,
    ...(await createTestStorage()),
  };
  return { environment, config: parseConfig(environment) };
}

const environmentOf = (config: Config): Record<string, string> => ({
  DATA_DIR: config.dataDir,
  ...(config.database.dialect === 'postgres' && { DATABASE_URL: config.database.url }),
  ...storageEnvironmentOf(config),
});

type DocumentId = { document: { id: string } };

/** The tables a target database has, without creating it when it does not exist. */
async function tablesIn(config: Config): Promise<string[]> {
  if (config.database.dialect === 'sqlite' && !fs.existsSync(config.database.file)) return [];
  const handle = openDatabase(config.database);
  try {
    return (await handle.db.introspection.getTables()).map((table) => table.name);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  // The write load invites far beyond the default 100 a day, however slow the backup; the room's webhook
  // delivers to a receiver on 127.0.0.1.
  webhookReceiver = await startWebhookReceiver();
  source = await startTestApp({
    environment: { INVITATIONS_PER_DAY: '100000', WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  // Rows in every table before any backup: users, rooms, members, invitations, magic links, sessions,
  // documents (files, some linked from sections) and a prepared preview, downloads and clicks, views
  // read with their roll-ups, jobs, the waitlist, notifications, the NDA and its acceptance, an API
  // token and a call of the MCP server's, a webhook endpoint and its deliveries (of the uploads below),
  // alerts, a passkey and recovery codes.
  const room = await founderWithInvestor(source);
  founder = room.founder;
  const token = await createApiToken(source, founder, { name: 'CRM sync', scopes: ['analytics:read'] });
  // An assistant's call through the MCP server, in its audit log (ADR 91).
  const assistant = await mcpClientOver(source.baseUrl, token.auth);
  await answerOf(assistant, 'room_analytics');
  await assistant.close();
  // A passkey (with its used challenge) and the recovery codes a manager's first passkey brings (ADR 62).
  const passkeyOptions = await source.call(passkeyRoutes.registrationOptions, { as: founder });
  const authenticator = new SoftwareAuthenticator(
    new URL(source.config.appUrl).hostname,
    new URL(source.config.appUrl).origin,
  );
  const passkey = await source.call(passkeyRoutes.add, {
    rawBody: { response: authenticator.register(passkeyOptions.json) },
    as: founder,
  });
  expect(passkey.status, passkey.text).toBe(201);
  const webhook = await source.call(webhookRoutes.addEndpoint, {
    body: { url: `${webhookReceiver.url}/backup`, events: ['document.uploaded'] },
    as: founder,
  });
  expect(webhook.status, webhook.text).toBe(201);
  // Alerts (ADR 90): the room's settings, a Slack target (the same receiver), and so the investor's
  // visit, and the alerts and deliveries of the first visit and the downloads below.
  const alertSettings = await source.call(alertRoutes.saveSettings, {
    body: { returnAfterDays: 14, mailTriggers: ['returned'] },
    as: founder,
  });
  expect(alertSettings.status, alertSettings.text).toBe(200);
  const alertTarget = await source.call(alertRoutes.addTarget, {
    body: {
      kind: 'slack',
      url: `${webhookReceiver.url}/alerts`,
      triggers: ['first_visit', 'downloaded', 'score_crossed'],
    },
    as: founder,
  });
  expect(alertTarget.status, alertTarget.text).toBe(201);
  const nda = await source.call(ndaRoutes.saveSettings, {
    body: { isRequired: true, text: 'Keep what you read here to yourself.' },
    as: founder,
  });
  expect(nda.status, nda.text).toBe(200);
  const roomId = (await source.call(roomRoutes.mine, { as: founder })).json.id;
  const accepted = await source.call(ndaRoutes.accept, {
    params: { id: roomId },
    body: {
      versionId: (nda.json as { version: { id: string } }).version.id,
      signerName: 'Ivy Investor',
      agree: true,
    },
    as: room.investor,
  });
  expect(accepted.status, accepted.text).toBe(201);
  // Notifications (ADR 44): the founder's choice (first visits only, so no digest is waiting to change a
  // row mid-test), the investor's first visit and its mail (from the downloads below), a message to investors.
  const choice = await source.call(notificationRoutes.saveSettings, {
    body: { founderNotifications: 'first_visits' },
    as: founder,
  });
  expect(choice.status, choice.text).toBe(200);
  const message = await source.call(notificationRoutes.sendInvestorMessage, {
    body: { message: 'Our Q3 update is in the room.' },
    as: founder,
  });
  expect(message.status, message.text).toBe(202);
  for (const [index, section] of ['Financials', 'Legal', ''].entries()) {
    const response = await uploadFile(
      source,
      founder,
      { name: `seed-${index}.pdf`, bytes: uniquePdf() },
      section ? { section } : {},
    );
    expect(response.status, response.text).toBe(201);
    const { document } = response.json as DocumentId;
    const download = await source.call(documentRoutes.download, {
      params: { id: document.id },
      as: room.investor,
    });
    expect(download.status).toBe(200);
    const view = await source.call(readingRoutes.openView, {
      params: { id: document.id },
      as: room.investor,
    });
    expect(view.status, view.text).toBe(201);
    const report = await source.call(readingRoutes.report, {
      params: { viewId: (view.json as { viewId: string }).viewId },
      rawBody: { pages: [{ page: 1, seconds: 1 }] },
      as: room.investor,
    });
    expect(report.status, report.text).toBe(204);
  }
  // A real PDF, prepared into its preview's objects (page images, thumbnails, text), which backups carry.
  const prepared = await uploadFile(source, founder, { name: 'deck.pdf', bytes: writtenPdf({ pages: 2 }) });
  expect(prepared.status, prepared.text).toBe(201);
  await source.app.jobs.whenIdle();
  const waitlisted = await source.call(accountRoutes.joinWaitlist, {
    body: { companyName: 'Waiting Co', contactEmail: uniqueEmail('waitlist') },
  });
  expect(waitlisted.status, waitlisted.text).toBeLessThan(300);
  await seedGroupsAndShareLinks(room.investorEmail);
  await seedQuestions(room.investor, roomId);
  // Search (ADR 88): the prepared deck's pages are indexed; the investor's search is logged, and the
  // room's search setting written as it is (on).
  const searched = await source.call(searchRoutes.search, {
    params: { id: roomId },
    query: { q: 'deck' },
    as: room.investor,
  });
  expect(searched.status, searched.text).toBe(200);
  const setting = await source.call(searchRoutes.saveSettings, {
    body: { areQueriesVisible: true },
    as: founder,
  });
  expect(setting.status, setting.text).toBe(200);
  // The engagement score (ADR 89): a key document, and the refresh job's traces of the investor's reading.
  const key = await source.call(engagementRoutes.markKeyDocument, {
    params: { id: (prepared.json as DocumentId).document.id },
    body: { isKey: true },
    as: founder,
  });
  expect(key.status, key.text).toBe(200);
  await refreshRoomEngagement(source.app.ctx, roomId);
  // Alerts read the scores the refresh made (ADR 90), as app.ts has them do after every refresh.
  await noteEngagementScores(source.app.ctx, roomId);
  await source.app.jobs.whenIdle();
  for (const table of [
    'alert_settings',
    'alert_targets',
    'alert_visits',
    'alert_scores',
    'alerts',
    'alert_deliveries',
  ] as const) {
    const rows = await source.app.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.count), `${table} has rows to back up`).toBeGreaterThan(0);
  }
  // The owner requires passkeys of co-founders (ADR 93); the room has none to sign out.
  const required = await source.call(passkeyRoutes.saveRequirement, {
    body: { isRequiredOfCofounders: true },
    as: founder,
  });
  expect(required.status, required.text).toBe(200);
  // The room's brand (ADR 94): a logo (its bytes in the row) and an accent colour.
  const logo = new FormData();
  logo.append('file', new Blob([Buffer.from(SMALL_PNG_BASE64, 'base64')]), 'logo.png');
  const branded = await source.call(brandRoutes.uploadLogo, { form: logo, as: founder });
  expect(branded.status, branded.text).toBe(200);
  const coloured = await source.call(brandRoutes.save, {
    body: { accentColor: '#2557e2', showsRoundroom: true },
    as: founder,
  });
  expect(coloured.status, coloured.text).toBe(200);
}, 60_000);

/**
 * Questions (ADR 73): the investor's question, published, then edited (its log row), the room's
 * Questions setting, and the mails they send, sent before any backup.
 */
async function seedQuestions(investor: SignedIn, roomId: string) {
  const send = async (path: string, json: unknown, status: number, headers = founder.auth) => {
    const response = await source.request('POST', path, { json, headers });
    expect(response.status, response.text).toBe(status);
    return response.json as { id: string };
  };
  const asked = await send(
    apiPath(questionRoutes.mine, { params: { id: roomId } }),
    { about: { kind: 'room' }, text: 'Is the cap table fully diluted?' },
    201,
    investor.auth,
  );
  const answer = { question: 'Is the cap table fully diluted?', answer: 'Yes, options included.' };
  await send(apiPath(questionRoutes.publish, { params: { id: asked.id } }), answer, 200);
  await send(
    apiPath(questionRoutes.editPublished, { params: { id: asked.id } }),
    { ...answer, answer: 'Yes.' },
    200,
  );
  await send(apiPath(questionRoutes.settings), { isEnabled: true }, 200);
  await source.app.jobs.whenIdle();
}

/**
 * Groups and share links (ADRs 68, 71): a "Diligence" group with the investor in it and "Legal" shown
 * to it only (what the investor read above stays theirs), a share link of it, a reader it admitted and
 * a code another address has not used yet.
 */
async function seedGroupsAndShareLinks(investorEmail: string) {
  const send = async (path: string, json: unknown, status: number, headers = founder.auth) => {
    const response = await source.request('POST', path, { json, headers });
    expect(response.status, response.text).toBe(status);
    return response.json;
  };
  const diligence = (await send(apiPath(groupRoutes.list), { name: 'Diligence' }, 201)) as { id: string };
  await send(apiPath(groupRoutes.moveInvestor), { email: investorEmail, groupId: diligence.id }, 200);
  await send(apiPath(groupRoutes.setSectionVisibility), { section: 'Legal', visibleTo: [diligence.id] }, 200);
  const { url } = (await send(
    apiPath(shareLinkRoutes.list),
    { name: 'Cold outreach, March', groupId: diligence.id },
    201,
  )) as { url: string };
  const token = url.slice(url.lastIndexOf('/') + 1);
  const readersBrowser = aBrowser();
  const codeFor = async (email: string) => {
    const before = source.smtp.messages.length;
    await send(apiPath(shareLinkRoutes.requestCode, { params: { token } }), { email }, 200, readersBrowser);
    const mail = await source.smtp.waitForMessage(
      (m) => source.smtp.messages.indexOf(m) >= before && /is your (?:Roundroom )?code/.test(m.subject ?? ''),
    );
    return /^(\d{6}) /.exec(mail.subject ?? '')?.[1] ?? '';
  };
  const reader = uniqueEmail('link-reader');
  await send(
    apiPath(shareLinkRoutes.verify, { params: { token } }),
    { email: reader, code: await codeFor(reader) },
    200,
    readersBrowser,
  );
  await codeFor(uniqueEmail('link-waiting'));
  // A document link (ADR 95) of one of the room's documents.
  const document = await source.app.database.db
    .selectFrom('documents')
    .select('id')
    .executeTakeFirstOrThrow();
  await send(
    apiPath(shareLinkRoutes.createForDocument),
    { name: 'Acme Ventures — Jane', documentId: document.id, versionNumber: null },
    201,
  );
  // An investor the founder removed: the record every way in honours (ADR 74).
  const removed = (await send(apiPath(invitationRoutes.mine), { email: uniqueEmail('removed') }, 201)) as {
    invitation: { id: string };
  };
  const deleted = await source.call(invitationRoutes.remove, {
    params: { id: removed.invitation.id },
    as: founder,
  });
  expect(deleted.status, deleted.text).toBe(204);
}

afterAll(async () => {
  await source.close();
  await webhookReceiver.close();
  for (const database of databases) await database.drop();
  for (const directory of scratch) fs.rmSync(directory, { recursive: true, force: true });
});

/**
 * Ends every client connection to the database but the server's two long-lived ones (its lock, and the
 * cache listener of ADR 49) and this one, as pg.Pool does when the server has been idle for 10 s;
 * returns the applications still connected.
 */
async function endIdlePooledConnections(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const others = `from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
      and backend_type = 'client backend'`;
    const pooled = `${others} and application_name not in ($1, $2)`;
    const longLived = [SERVER_LOCK_APPLICATION, WRITES_LISTENER_APPLICATION];
    // Again until none is left: the server's background work (the job queue's polls) may open a new
    // pooled connection meanwhile, and a terminated backend takes a moment to leave on a busy machine.
    await vi.waitFor(
      async () => {
        await client.query(`select pg_terminate_backend(pid) ${pooled}`, longLived);
        const { rows } = await client.query(`select count(*)::int as count ${pooled}`, longLived);
        expect(rows[0].count).toBe(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    const { rows } = await client.query<{ name: string }>(`select application_name as name ${others}`);
    return rows.map((row) => row.name).sort();
  } finally {
    await client.end();
  }
}

/** Every row of every table, keyed by table and primary key. */
async function everyRow(db: Kysely<Database>): Promise<Map<string, unknown>> {
  const rows = new Map<string, unknown>();
  for (const table of ALL_TABLES) {
    for (const row of (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[]) {
      // Tables keyed by several columns (memberships, roll-ups) are keyed here by the whole row.
      const key =
        table === 'room_members'
          ? `${row.room_id}/${row.user_id}`
          : 'id' in row
            ? String(row.id)
            : JSON.stringify(row);
      rows.set(`${table}:${key}`, row);
    }
  }
  return rows;
}

/**
 * Writes against the live server until stopped, from two founders at once: uploads (some into a
 * section), deletes of the previous upload (racing the backup's file copy), invitations, waitlist
 * entries. Only new rows, and rows of the load's own rooms, change. `writes()` counts completed requests.
 */
function startWriteLoad(t: TestApp) {
  let running = true;
  let writes = 0;
  const worker = async () => {
    const loader = await createFounder(t);
    let previous: string | undefined;
    for (let i = 0; running; i++) {
      const upload = await uploadFile(
        t,
        loader,
        { name: `load-${i}.pdf`, bytes: uniquePdf() },
        i % 2 ? { section: 'Load' } : {},
      );
      expect(upload.status, upload.text).toBe(201);
      writes++;
      if (previous) {
        const deleted = await t.call(documentRoutes.remove, { params: { id: previous }, as: loader });
        expect(deleted.status, deleted.text).toBe(204);
        writes++;
      }
      previous = i % 3 ? (upload.json as DocumentId).document.id : undefined;
      const invited = await t.call(invitationRoutes.create, {
        body: { email: uniqueEmail('load') },
        as: loader,
      });
      expect(invited.status, invited.text).toBe(201);
      writes++;
      const waitlisted = await t.call(accountRoutes.joinWaitlist, {
        body: { companyName: `Load ${i}`, contactEmail: uniqueEmail('load-waitlist') },
      });
      expect(waitlisted.status, waitlisted.text).toBeLessThan(300);
      writes++;
    }
  };
  const workers = Promise.all([worker(), worker()]);
  return {
    writes: () => writes,
    async stop() {
      running = false;
      await workers;
    },
  };
}

test('a backup taken while the server writes restores every row and file committed before it began', async () => {
  const before = await everyRow(source.app.database.db);
  for (const table of ALL_TABLES) {
    expect(
      [...before.keys()].some((key) => key.startsWith(`${table}:`)),
      `rows in ${table}`,
    ).toBe(true);
  }

  const load = startWriteLoad(source);
  const backupDir = path.join(newDirectory('backup'), 'nightly');
  let writesAtSnapshot = 0;
  try {
    await backUp(source.config, backupDir, {
      // Inside the removal hold: the backup goes on (copying files, some of them being deleted) only
      // once the server has completed writes after the snapshot.
      afterSnapshot: async () => {
        writesAtSnapshot = load.writes();
        await vi.waitFor(() => expect(load.writes()).toBeGreaterThan(writesAtSnapshot), {
          timeout: 30_000,
          interval: 10,
        });
      },
    });
    expect(load.writes() - writesAtSnapshot, 'writes between the snapshot and the release').toBeGreaterThan(
      0,
    );
  } finally {
    await load.stop();
  }

  const target = await freshTarget();
  const restored = await runScript('scripts/restore.ts', [backupDir], target.environment);
  expect(restored.code, restored.output).toBe(0);
  expect(restored.output).toContain('Every file matched its SHA-256');

  const app = await startTestApp({ environment: target.environment });
  try {
    const { db } = app.app.database;
    expect(await consistencyProblems(db, app.app.database.dialect, target.config)).toEqual([]);
    const rows = await everyRow(db);
    for (const [key, row] of before) expect(rows.get(key), key).toEqual(row);

    // The restarted app serves the same bytes, to the same session.
    const documents = [...before.entries()].filter(([key]) => key.startsWith('documents:'));
    for (const [, row] of documents) {
      const { id, storage_key: storageKey } = row as { id: string; storage_key: string };
      const download = await fetch(`${app.baseUrl}${apiPath(documentRoutes.download, { params: { id } })}`, {
        headers: founder.auth,
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(await storedBytes(source.config, storageKey));
    }
  } finally {
    await app.close();
  }
}, 120_000);

test('a document deleted after the snapshot keeps its file until the backup has copied it', async () => {
  const bytes = uniquePdf();
  const response = await uploadFile(source, founder, { name: 'short-lived.pdf', bytes });
  const { document } = response.json as DocumentId;
  const { storage_key: key } = await source.app.database.db
    .selectFrom('documents')
    .select('storage_key')
    .where('id', '=', document.id)
    .executeTakeFirstOrThrow();
  const backupDir = path.join(newDirectory('backup'), 'racing');

  const manifest = await backUp(source.config, backupDir, {
    afterSnapshot: async () => {
      const deleted = await source.call(documentRoutes.remove, { params: { id: document.id }, as: founder });
      expect(deleted.status).toBe(204);
      expect(await storedBytes(source.config, key)).toBeUndefined();
      expect(await storedBytes(source.config, key, 'deleted')).toEqual(bytes);
    },
  });
  expect(manifest.files.map((file) => file.key)).toContain(key);
  expect(fs.readFileSync(path.join(backupDir, 'uploads', key))).toEqual(bytes);
  // Released: what was kept aside is gone, and deletes delete at once again.
  expect(await storedNames(source.config, 'deleted')).toEqual([]);
  expect(await holdIsPresent(source.config)).toBe(false);
});

test('a backup refuses a directory in use and a live file that is missing, and leaves nothing', async () => {
  const used = newDirectory('backup');
  fs.writeFileSync(path.join(used, 'notes.txt'), 'mine');
  await expect(backUp(source.config, used)).rejects.toThrow(/is not empty/);
  expect(fs.readdirSync(used)).toEqual(['notes.txt']);

  const response = await uploadFile(source, founder, { name: 'vanishing.pdf', bytes: uniquePdf() });
  const { document } = response.json as DocumentId;
  const row = await source.app.database.db
    .selectFrom('documents')
    .select('storage_key')
    .where('id', '=', document.id)
    .executeTakeFirstOrThrow();
  const bytes = await storedBytes(source.config, row.storage_key);
  if (!bytes) throw new Error('the upload was not stored');
  await deleteStored(source.config, row.storage_key);
  const target = path.join(newDirectory('backup'), 'damaged');
  try {
    await expect(backUp(source.config, target)).rejects.toThrow(
      `The stored file ${row.storage_key} is missing`,
    );
    expect(fs.existsSync(target)).toBe(false);
  } finally {
    await overwriteStored(source.config, row.storage_key, bytes);
  }
});

test('a restore checks everything before it changes anything, and replaces data only with --force', async () => {
  const backupDir = path.join(newDirectory('backup'), 'checked');
  const backup = await runScript('scripts/backup.ts', [backupDir], environmentOf(source.config));
  expect(backup.output).toContain('Backed up, as of');
  expect(backup.code, backup.output).toBe(0);
  const manifest = JSON.parse(
    fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'),
  ) as BackupManifest;

  // The live server's own database, the server idle: a running server is recognised by its lock, not
  // by its traffic. Its pool keeps no connection open when idle (pg closes them after 10 s).
  if (source.config.database.dialect === 'postgres') {
    expect(await endIdlePooledConnections(source.config.database.url)).toEqual(
      [SERVER_LOCK_APPLICATION, WRITES_LISTENER_APPLICATION].sort(),
    );
  }
  await expect(restore(source.config, backupDir, { force: true })).rejects.toThrow(
    source.config.database.dialect === 'sqlite'
      ? /in use by another process/
      : /A Roundroom server is running on PostgreSQL database .*: it holds the server lock/,
  );
  const health = await source.call(healthRoutes.health);
  expect(health.status).toBe(200);

  // A damaged file: refused, and the target is left untouched.
  const target = await freshTarget();
  const [first] = manifest.files;
  if (!first) throw new Error('the backup holds no file');
  const copy = path.join(backupDir, 'uploads', first.key);
  const original = fs.readFileSync(copy);
  fs.writeFileSync(copy, Buffer.concat([original.subarray(0, -1), Buffer.from('!')]));
  await expect(restore(target.config, backupDir, { force: false })).rejects.toThrow(
    `${copy} differs from its manifest entry: the backup is damaged. Nothing was changed.`,
  );
  expect(await everyStoredName(target.config)).toEqual([]);
  expect(await tablesIn(target.config)).toEqual([]);
  fs.writeFileSync(copy, original);

  const done = await restore(target.config, backupDir, { force: false });
  expect(done.replaced).toEqual({ rows: 0, files: 0 });
  await expect(restore(target.config, backupDir, { force: false })).rejects.toThrow(
    /already holds data .* run again with --force/,
  );
  const forced = await restore(target.config, backupDir, { force: true });
  expect(forced.replaced.files).toBe(manifest.files.length);
  const total = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  expect(forced.replaced.rows).toBe(total);

  // A manifest that does not describe its snapshot: refused by its checksum.
  const manifestFile = path.join(backupDir, 'manifest.json');
  const tampered = {
    ...manifest,
    database: { ...manifest.database, sha256: crypto.randomBytes(32).toString('hex') },
  };
  fs.writeFileSync(manifestFile, JSON.stringify(tampered));
  await expect(restore(target.config, backupDir, { force: true })).rejects.toThrow(/the backup is damaged/);
});
