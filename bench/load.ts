import { parseArgs } from 'node:util';
import { startCluster } from '../tests/support/cluster';
import { startPostgresCluster } from '../tests/support/postgres-cluster';
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

// npm run bench:load: the load scenario of issue 6 against the production build (run `npm run build`
// first; the npm script does). Options: --seconds N, --investors N, --postgres (a throwaway cluster;
// or set DATABASE_URL to an empty database), --cluster (one node on SQLite, one on PostgreSQL, then
// two nodes behind nginx as npm run test:cluster starts them, compared). Exits 1 when any check fails.

/** Issue 13: one PostgreSQL node keeps at least this share of one SQLite node's throughput. */
const MIN_POSTGRES_TO_SQLITE_THROUGHPUT = 0.6;

function parseOptions(argv: string[]): {
  options: LoadOptions;
  throwawayPostgres: boolean;
  cluster: boolean;
} {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string', default: String(DEFAULT_LOAD.seconds) },
      investors: { type: 'string', default: String(DEFAULT_LOAD.investors) },
      postgres: { type: 'boolean', default: false },
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
    throwawayPostgres: values.postgres && !databaseUrl,
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

/** The three runs side by side, and issue 13's ratio of one PostgreSQL node to one SQLite node. */
function printComparison(sqlite: LoadResult, postgres: LoadResult, cluster: LoadResult): boolean {
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
  const ratio = postgres.totals.perSecond / sqlite.totals.perSecond;
  const ratioPassed = ratio >= MIN_POSTGRES_TO_SQLITE_THROUGHPUT;
  console.log(
    `One PostgreSQL node reached ${Math.round(ratio * 100)}% of one SQLite node's throughput (at least ${MIN_POSTGRES_TO_SQLITE_THROUGHPUT * 100}%: ${ratioPassed ? 'pass' : 'FAIL'}).`,
  );
  return ratioPassed;
}

const { options, throwawayPostgres, cluster } = parseOptions(process.argv.slice(2));
if (cluster) {
  const sqlite = await runLoadScenario({ ...options, databaseUrl: undefined });
  printLoadReport(sqlite);
  const postgresCluster = await startPostgresCluster();
  let postgres: LoadResult;
  try {
    postgres = await runLoadScenario({ ...options, databaseUrl: postgresCluster.url });
  } finally {
    postgresCluster.stop();
  }
  printLoadReport(postgres);
  const nodes = await runOnCluster(options);
  printLoadReport(nodes);
  const ratioPassed = printComparison(sqlite, postgres, nodes);
  process.exitCode = sqlite.passed && postgres.passed && nodes.passed && ratioPassed ? 0 : 1;
} else {
  const postgres = throwawayPostgres ? await startPostgresCluster() : undefined;
  try {
    const result = await runLoadScenario({ ...options, databaseUrl: postgres?.url ?? options.databaseUrl });
    printLoadReport(result);
    process.exitCode = result.passed ? 0 : 1;
  } finally {
    postgres?.stop();
  }
}
