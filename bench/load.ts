import { parseArgs } from 'node:util';
import { startCluster } from '#tests/support/cluster';
import { startPostgresCluster } from '#tests/support/postgres-cluster';
import {
  DEFAULT_LOAD,
  type LoadOptions,
  type LoadResult,
  runLoadAgainst,
  runLoadScenario,
} from './load-scenario';
import { printGrid } from './report';
import { smtpSignInLinks } from './room-fixture';
import { RAISED_RATE_LIMITS } from './servers';

// npm run bench:load: the load scenario against the production build (run `npm run build`
// first; the npm script does). Options: --seconds N, --investors N, --postgres (a throwaway cluster;
// or set DATABASE_URL to an empty database), --compare (SQLite, then PostgreSQL on a throwaway cluster,
// in one run: PostgreSQL's throughput must reach POSTGRES_SHARE_OF_SQLITE of SQLite's, ADR 49),
// --cluster (the same, then two nodes behind nginx as npm run test:cluster starts them, side by side).
// Exits 1 when any check fails.

/** With the caches on for PostgreSQL too (ADR 49), its single-node throughput must reach this share of SQLite's. */
const POSTGRES_SHARE_OF_SQLITE = 0.6;

function parseOptions(argv: string[]): {
  options: LoadOptions;
  throwawayPostgres: boolean;
  compare: boolean;
  cluster: boolean;
} {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string', default: String(DEFAULT_LOAD.seconds) },
      investors: { type: 'string', default: String(DEFAULT_LOAD.investors) },
      postgres: { type: 'boolean', default: false },
      compare: { type: 'boolean', default: false },
      cluster: { type: 'boolean', default: false },
    },
  });
  const whole = (name: string, value: string) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a whole number above 0`);
    return parsed;
  };
  const databaseUrl = process.env.DATABASE_URL || undefined;
  return {
    options: {
      ...DEFAULT_LOAD,
      seconds: whole('seconds', values.seconds),
      investors: whole('investors', values.investors),
      databaseUrl,
    },
    throwawayPostgres: (values.postgres || values.compare || values.cluster) && !databaseUrl,
    compare: values.compare || values.cluster,
    cluster: values.cluster,
  };
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

export function printLoadReport(result: LoadResult): void {
  const { options, totals, accessLog } = result;
  console.log(
    `\nRoundroom under load: ${options.investors} investors and 1 founder for ${fixed(result.seconds)} s on ${result.database}` +
      ` (production build, loopback; think times ${options.thinkMs[0]}-${options.thinkMs[1]} ms)`,
  );
  console.log(
    `Rate limits raised for this run: ${Object.entries(RAISED_RATE_LIMITS)
      .map(([name, value]) => `${name}=${value}`)
      .join(', ')}`,
  );
  console.log(
    `Setup: ${result.rooms} rooms, ${result.seededDocuments} files, ${options.investors} investors invited to two rooms each and signed in by magic link, in ${fixed(result.setupSeconds)} s`,
  );
  console.log(
    `The founder uploaded ${result.founderUploads} files, three at a time into sections as the console does, and saved the sections ${result.founderEdits} times.\n`,
  );
  const line = (route: string, s: Omit<LoadResult['routes'][number], 'route'>) => [
    route,
    String(s.requests),
    fixed(s.perSecond),
    fixed(s.p50Ms),
    fixed(s.p95Ms),
    fixed(s.p99Ms),
    fixed(s.maxMs),
    String(s.serverErrors),
    String(s.failed),
    String(s.unexpected),
  ];
  printGrid(
    ['route', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', '5xx', 'failed', 'other'],
    result.routes.map((route) => line(route.route, route)),
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
  );
  console.log(
    `\nAll routes: ${totals.requests} requests, ${fixed(totals.perSecond)} req/s, ${fixed(result.serverCpuMsPerRequest, 2)} ms of server CPU per request (the load generator: ${fixed(result.generatorCpuMsPerRequest, 2)} ms); ${totals.serverErrors} 5xx, ${totals.failed} failed (no answer, timeout or a body cut short), ${totals.unexpected} other unexpected answers.`,
  );
  console.log(
    `Access log (access_events, read from the database): ${accessLog.expectedDownloads} downloads and ${accessLog.expectedClicks} clicks counted by the load generator` +
      ` (resumed ranges not counted), ${accessLog.loggedDownloads} and ${accessLog.loggedClicks} logged; ${accessLog.lost} lost, ${accessLog.extra} extra: ${accessLog.exact ? 'exact' : 'NOT EXACT'}.`,
  );
  if (accessLog.extraUnanswered > 0)
    console.log(
      `  ${accessLog.extraUnanswered} of the extra events match requests that got no answer: the server logged them, the load generator gave up.`,
    );
  console.log(
    `Sections after the run: ${result.founderUploads - result.lostSectionLinks} of the ${result.founderUploads} links the uploads added are there${result.lostSectionLinks ? ` (${result.lostSectionLinks} LOST)` : ''}.`,
  );
  for (const problem of result.problems) console.log(`  problem: ${problem}`);
  console.log(result.passed ? '\nEvery check passed.' : '\nFAILED: see above.');
}

/** Two nodes behind nginx on PostgreSQL (and S3 and Redis when the project has them). */
async function runOnCluster(options: LoadOptions): Promise<LoadResult> {
  const cluster = await startCluster();
  try {
    return await runLoadAgainst(
      {
        baseUrl: cluster.baseUrl,
        database: cluster.database,
        label: cluster.description,
        pids: cluster.nodes.map((node) => node.pid),
        readSignInLink: smtpSignInLinks(cluster.smtp),
      },
      options,
    );
  } finally {
    await cluster.stop();
  }
}

/** The three runs side by side. */
function printComparison(sqlite: LoadResult, postgres: LoadResult, cluster: LoadResult): void {
  const row = (name: string, result: LoadResult) => [
    name,
    fixed(result.totals.perSecond, 0),
    fixed(
      result.routes.find((route) => route.route.startsWith('GET /api/data-room/:id/sections'))?.p95Ms ?? 0,
    ),
    fixed(result.serverCpuMsPerRequest, 2),
    String(result.totals.serverErrors + result.totals.failed + result.totals.unexpected),
    result.accessLog.exact ? 'exact' : 'NOT EXACT',
  ];
  console.log('\nOne node against two behind nginx, the same scenario:');
  printGrid(
    ['run', 'req/s', 'sections p95 ms', 'server CPU ms/req', 'misses', 'access log'],
    [row('1 node, SQLite', sqlite), row('1 node, PostgreSQL', postgres), row(cluster.database, cluster)],
    [1, 2, 3, 4],
  );
}

const { options, throwawayPostgres, compare, cluster: withCluster } = parseOptions(process.argv.slice(2));
const sqlite = compare ? await runLoadScenario({ ...options, databaseUrl: undefined }) : undefined;
if (sqlite) printLoadReport(sqlite);
const cluster = throwawayPostgres ? await startPostgresCluster() : undefined;
try {
  const result = await runLoadScenario({ ...options, databaseUrl: cluster?.url ?? options.databaseUrl });
  printLoadReport(result);
  let passed = result.passed && (sqlite?.passed ?? true);
  if (sqlite) {
    const share = result.totals.perSecond / sqlite.totals.perSecond;
    const enough = share >= POSTGRES_SHARE_OF_SQLITE;
    passed &&= enough;
    console.log(
      `\nPostgreSQL ${fixed(result.totals.perSecond)} req/s against SQLite ${fixed(sqlite.totals.perSecond)} req/s in this run: ${fixed(share * 100, 0)}% (at least ${POSTGRES_SHARE_OF_SQLITE * 100}%): ${enough ? 'pass' : 'FAIL'}.`,
    );
  }
  if (sqlite && withCluster) {
    const nodes = await runOnCluster(options);
    printLoadReport(nodes);
    printComparison(sqlite, result, nodes);
    passed &&= nodes.passed;
  }
  process.exitCode = passed ? 0 : 1;
} finally {
  cluster?.stop();
}
