import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { ClusterWriteEpoch } from '#server/caches/cluster-write-epoch';
import { TABLES_NO_CACHE_READS } from '#server/caches/statement-cache';
import { tablesThatNotify } from '#server/caches/write-notifications';
import { TABLE_NAMES } from '#server/db/schema';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { ndaRoutes } from '#shared/contracts/nda';
import { roomRoutes } from '#shared/contracts/rooms';
import { teamRoutes } from '#shared/contracts/team';
import {
  createFounder,
  founderWithEditor,
  founderWithInvestor,
  type SignedIn,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { startRedisServer } from '#tests/support/redis-server';
import { type HttpClient, startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';

// Two servers on one PostgreSQL, as nodes behind a load balancer (ADR 49): a write through one is seen
// by the other within a second, with the caches on, and a rate limit counts across both.

const onPostgres = inject('testDatabase').dialect === 'postgres';
/** What ADR 49 promises: another node's write is seen within this long. */
const SEEN_WITHIN_MS = 1_000;

/** Asks `ask` until `expected` holds, for at most SEEN_WITHIN_MS; returns how long it took. */
async function seenWithin(ask: () => Promise<TestResponse>, expected: (response: TestResponse) => boolean) {
  const started = Date.now();
  let last: TestResponse | undefined;
  while (Date.now() - started <= SEEN_WITHIN_MS) {
    last = await ask();
    if (expected(last)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not seen within ${SEEN_WITHIN_MS} ms; last answer ${last?.status}: ${last?.text}`);
}

const get = (node: HttpClient, who: SignedIn | undefined, path: string) =>
  node.request('GET', path, { headers: who?.auth ?? {} });

/**
 * The caller is served by the node, twice, so that the second answer may come from its caches. Reads that
 * write nothing (the sections, not the room, whose first visits are recorded) so that only the other
 * node's write can empty them.
 */
async function servedTwice(node: HttpClient, who: SignedIn, path: string) {
  for (let i = 0; i < 2; i++) expect((await get(node, who, path)).status, path).toBe(200);
}

async function roomIdOf(node: HttpClient, founder: SignedIn): Promise<string> {
  return ((await get(node, founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
}

describe.runIf(onPostgres)('two nodes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ nodeBeside: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('both caches are on: each node listens for the writes of the other', async () => {
    // Polled: on a busy machine a ping can come back late, and the caches pause until the next one.
    await expect.poll(() => a.app.database.writeEpoch.isCaching, { timeout: 5_000 }).toBe(true);
    await expect.poll(() => b.app.database.writeEpoch.isCaching, { timeout: 5_000 }).toBe(true);
  });

  test('an investor whose invitation is revoked on node A is refused by node B within a second', async () => {
    const { founder, investor } = await founderWithInvestor(a);
    const roomId = await roomIdOf(a, founder);
    await servedTwice(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } }));
    const [invitation] = (await get(a, founder, apiPath(invitationRoutes.mine))).json as { id: string }[];
    expect(
      (await a.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder })).status,
    ).toBe(204);
    await seenWithin(
      () => get(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } })),
      (response) => response.status === 404,
    );
  });

  test('a session ended on node A is refused by node B within a second', async () => {
    const founder = await createFounder(a);
    await servedTwice(b, founder, apiPath(authRoutes.me));
    expect((await a.call(authRoutes.logout, { as: founder })).status).toBe(204);
    await seenWithin(
      () => get(b, founder, apiPath(authRoutes.me)),
      (response) => response.status === 401,
    );
  });

  test('a room deactivated on node A is closed to its investors on node B within a second', async () => {
    const { founder, investor } = await founderWithInvestor(a);
    const roomId = await roomIdOf(a, founder);
    await servedTwice(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } }));
    const closed = await a.call(roomRoutes.setStatus, { body: { isActive: false }, as: founder });
    expect(closed.status, closed.text).toBe(200);
    await seenWithin(
      () => get(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } })),
      (response) => response.status === 404,
    );
  });

  test('a section added on node A is shown by node B within a second', async () => {
    const { founder, investor } = await founderWithInvestor(a);
    const roomId = await roomIdOf(a, founder);
    await servedTwice(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } }));
    const { content } = (await get(a, founder, apiPath(roomRoutes.mySections))).json as { content: string };
    const heading = `Added on node A ${Date.now()}`;
    const saved = await a.call(roomRoutes.saveSections, {
      body: { content: `${content}\n\n## ${heading}\n\nA new section.\n` },
      as: founder,
    });
    expect(saved.status, saved.text).toBe(200);
    await seenWithin(
      () => get(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } })),
      (response) => response.status === 200 && response.text.includes(heading),
    );
  });

  test("a document uploaded on node A is in the room's list and the dashboard's rooms on node B within a second", async () => {
    const { founder, investor } = await founderWithInvestor(a);
    const roomId = await roomIdOf(a, founder);
    await servedTwice(b, investor, apiPath(documentRoutes.inRoom, { params: { id: roomId } }));
    const uploaded = await uploadFile(a, founder, { name: 'Added on node A.pdf', bytes: uniquePdf() });
    expect(uploaded.status, uploaded.text).toBe(201);
    await seenWithin(
      () => get(b, investor, apiPath(documentRoutes.inRoom, { params: { id: roomId } })),
      (response) => response.status === 200 && response.text.includes('Added on node A.pdf'),
    );
    await servedTwice(b, investor, apiPath(roomRoutes.accessible));
    const [invitation] = (await get(a, founder, apiPath(invitationRoutes.mine))).json as { id: string }[];
    await a.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder });
    await seenWithin(
      () => get(b, investor, apiPath(roomRoutes.accessible)),
      (response) => response.status === 200 && !response.text.includes(roomId),
    );
  });

  test('uploads into one section through both nodes at once all keep their links', async () => {
    // Each node queues its own edits of a room; only the room's lock (FOR UPDATE) and the check of the
    // text under it keep one node's link from overwriting the other's (ADR 24, ADR 54).
    const founder = await createFounder(a);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        uploadFile(
          i % 2 ? b : a,
          founder,
          { name: `Both nodes ${i}.pdf`, bytes: uniquePdf() },
          { section: 'Decks' },
        ),
      ),
    );
    for (const response of responses) expect(response.status, response.text).toBe(201);
    const { content } = (await get(b, founder, apiPath(roomRoutes.mySections))).json as { content: string };
    for (const response of responses) expect(content).toContain((response.json as { url: string }).url);
  });

  test('an NDA turned on at node A stops a member at node B within a second', async () => {
    const { founder, investor } = await founderWithInvestor(a);
    const roomId = await roomIdOf(a, founder);
    await servedTwice(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } }));
    const turnedOn = await a.call(ndaRoutes.saveSettings, {
      body: { isRequired: true, text: 'Keep what you read here to yourself.' },
      as: founder,
    });
    expect(turnedOn.status, turnedOn.text).toBe(200);
    await seenWithin(
      () => get(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } })),
      (response) => response.status === 403 && (response.json as { error?: string }).error === 'nda_required',
    );
  });

  test('a co-founder removed on node A loses the console on node B within a second', async () => {
    const { founder, editor, memberId } = await founderWithEditor(a);
    await servedTwice(b, editor, apiPath(roomRoutes.mine));
    const removed = await a.call(teamRoutes.removeEditor, { params: { id: memberId }, as: founder });
    expect(removed.status, removed.text).toBe(204);
    await seenWithin(
      () => get(b, editor, apiPath(roomRoutes.mine)),
      (response) => response.status !== 200,
    );
  });

  test('a change made in SQL by another program (an operator) is seen by both nodes within a second', async () => {
    const { founder, investor, investorEmail } = await founderWithInvestor(a);
    const roomId = await roomIdOf(a, founder);
    await servedTwice(a, investor, apiPath(roomRoutes.sections, { params: { id: roomId } }));
    await servedTwice(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } }));
    await sqlAsOperator(a, 'update users set is_active = 0 where email = $1', [investorEmail]);
    for (const node of [a, b]) {
      await seenWithin(
        () => get(node, investor, apiPath(roomRoutes.sections, { params: { id: roomId } })),
        (response) => response.status === 401,
      );
    }
  });

  test('when node B loses its listening connection, its caches are off until it is back, and nothing stale is served', async () => {
    const { founder, investor } = await founderWithInvestor(a);
    const roomId = await roomIdOf(a, founder);
    const epoch = b.app.database.writeEpoch as ClusterWriteEpoch;
    const pid = await epoch.listenerPid();
    expect(pid).toBeTypeOf('number');
    await servedTwice(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } }));
    await sqlAsOperator(a, 'select pg_terminate_backend($1)', [pid]);
    // Meanwhile a revocation on node A: B cannot hear of it, so it must not answer from its caches.
    const [invitation] = (await get(a, founder, apiPath(invitationRoutes.mine))).json as { id: string }[];
    await a.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder });
    await seenWithin(
      () => get(b, investor, apiPath(roomRoutes.sections, { params: { id: roomId } })),
      (response) => response.status === 404,
    );
    // It reconnects by itself, and caches again.
    const deadline = Date.now() + 10_000;
    while (!((await epoch.listenerPid()) !== undefined && epoch.isCaching) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(epoch.isCaching).toBe(true);
    expect(await epoch.listenerPid()).not.toBe(pid);
    const other = await founderWithInvestor(a);
    const otherRoom = await roomIdOf(a, other.founder);
    await servedTwice(b, other.investor, apiPath(roomRoutes.sections, { params: { id: otherRoom } }));
    const [otherInvitation] = (await get(a, other.founder, apiPath(invitationRoutes.mine))).json as {
      id: string;
    }[];
    await a.call(invitationRoutes.remove, { params: { id: String(otherInvitation?.id) }, as: other.founder });
    await seenWithin(
      () => get(b, other.investor, apiPath(roomRoutes.sections, { params: { id: otherRoom } })),
      (response) => response.status === 404,
    );
  });

  test('every table a cache may read notifies its writes; the access log, analytics, jobs and counters do not', async () => {
    const notifying = await tablesThatNotify(a.app.database.db);
    const expected = TABLE_NAMES.filter((table) => !TABLES_NO_CACHE_READS.has(table)).sort();
    expect(notifying).toEqual(expected);
    expect(notifying).toContain('sessions');
    expect(notifying).not.toContain('access_events');
  });
});

async function sqlAsOperator(t: TestApp, text: string, values: unknown[]): Promise<void> {
  if (t.config.database.dialect !== 'postgres') throw new Error('PostgreSQL only');
  const client = new pg.Client({ connectionString: t.config.database.url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Magic-link requests from one address (both nodes see 127.0.0.1), alternating between the nodes. */
async function requestsUntilRefused(nodes: HttpClient[], attempts: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const node = nodes[i % nodes.length] as HttpClient;
    const response = await node.call(authRoutes.requestMagicLink, {
      body: { email: uniqueEmail('nobody'), name: '' },
    });
    statuses.push(response.status);
  }
  return statuses;
}

const LIMIT = 4;
const limited = { AUTH_RATE_LIMIT_PER_IP: String(LIMIT) };

describe.runIf(onPostgres)('a rate limit shared by two nodes', () => {
  test('without Redis, counted in PostgreSQL: a limit of 4 is 4 across both nodes', async () => {
    const a = await startTestApp({ environment: limited });
    const b = await startTestApp({ environment: limited, nodeBeside: a });
    try {
      const statuses = await requestsUntilRefused([a, b], LIMIT + 2);
      // Unknown addresses get 404 (no invitation); past the limit, 429 from whichever node.
      expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  test('with REDIS_URL, counted in Redis; while Redis is down, counted in PostgreSQL instead of failing', async () => {
    const redis = await startRedisServer();
    const environment = { ...limited, REDIS_URL: redis.url };
    const a = await startTestApp({ environment });
    const b = await startTestApp({ environment, nodeBeside: a });
    try {
      // Both nodes reach Redis before counting, or the first requests would be counted by the stand-in.
      const { Redis } = await import('ioredis');
      const probe = new Redis(redis.url);
      expect(await requestsUntilRefused([a, b], LIMIT + 2)).toEqual([404, 404, 404, 404, 429, 429]);
      const keys = await probe.keys('roundroom-rate-limit-*');
      expect(keys.length).toBe(1);
      expect(await probe.get(keys[0] as string)).toBe(String(LIMIT + 2));
      probe.disconnect();

      await redis.stop();
      // The database stand-in starts its own window: the limit still holds across both nodes.
      expect(await requestsUntilRefused([b, a], LIMIT + 1)).toEqual([404, 404, 404, 404, 429]);
    } finally {
      await b.close();
      await a.close();
      await redis.stop();
    }
  });
});

describe.runIf(!onPostgres)('SQLite', () => {
  test('the one server counts its rate limits in the database: a restart forgets none', async () => {
    const first = await startTestApp({ environment: limited });
    const dataDir = first.config.dataDir;
    expect(await requestsUntilRefused([first], LIMIT - 1)).toEqual([404, 404, 404]);
    // The same data directory, as after a restart (the first server closed, its files kept).
    await first.app.close();
    const again = await startTestApp({ environment: { ...limited, DATA_DIR: dataDir } });
    try {
      expect(await requestsUntilRefused([again], 2)).toEqual([404, 429]);
    } finally {
      await again.close();
      await first.close().catch(() => {});
    }
  });
});

describe('limits counted in the product tables hold under concurrent requests, on one node or two', () => {
  const PER_ADDRESS = 3;
  let a: TestApp;
  let nodes: TestApp[];

  beforeAll(async () => {
    const environment = {
      MAGIC_LINKS_PER_EMAIL: String(PER_ADDRESS),
      INVITATIONS_PER_DAY: String(PER_ADDRESS),
    };
    a = await startTestApp({ environment });
    nodes = onPostgres ? [a, await startTestApp({ environment, nodeBeside: a })] : [a];
  });
  afterAll(async () => {
    for (const node of [...(nodes ?? [])].reverse()) await node.close();
  });

  const together = (count: number, send: (node: TestApp) => Promise<TestResponse>) =>
    Promise.all(Array.from({ length: count }, (_, i) => send(nodes[i % nodes.length] as TestApp)));

  test('magic links per e-mail: of 8 requests at once, exactly the limit are sent', async () => {
    const founder = await createFounder(a);
    const email = uniqueEmail('rush');
    const invited = await a.call(invitationRoutes.create, { body: { email }, as: founder });
    expect(invited.status, invited.text).toBe(201);
    const statuses = await together(8, (node) =>
      node.call(authRoutes.requestMagicLink, { body: { email, name: '' } }),
    );
    expect(statuses.map((response) => response.status).sort()).toEqual([
      ...Array(PER_ADDRESS).fill(200),
      ...Array(8 - PER_ADDRESS).fill(429),
    ]);
    const links = await a.app.database.db
      .selectFrom('magic_links')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(links).toHaveLength(PER_ADDRESS);
  });

  test('invitations per room and day: of 8 sent at once, exactly the limit are saved', async () => {
    const founder = await createFounder(a);
    const statuses = await together(8, (node) =>
      node.call(invitationRoutes.create, { body: { email: uniqueEmail('crowd') }, as: founder }),
    );
    expect(statuses.map((response) => response.status).sort()).toEqual([
      ...Array(PER_ADDRESS).fill(201),
      ...Array(8 - PER_ADDRESS).fill(429),
    ]);
    expect((await a.call(invitationRoutes.mine, { as: founder })).json).toHaveLength(PER_ADDRESS);
  });
});
