import os from 'node:os';
import path from 'node:path';
import { measureAuthenticatedReadThroughput } from './auth-throughput';
import { measureColdStartAndIdleMemory } from './cold-start';
import { measureFileBudgets } from './files';
import { measureLandingBundle } from './landing-bundle';
import { measureMagicLinkLatency } from './magic-link-latency';
import { type BudgetRow, printTable } from './report';

// npm run bench: builds, then measures every performance budget of docs/performance.md and prints
// one table. Budgets are checked here, never as timed assertions in tests. Exit 1 when one fails.

const rows: BudgetRow[] = [];
rows.push(await measureLandingBundle(path.resolve('dist/web')));
rows.push(...(await measureColdStartAndIdleMemory()));
rows.push(await measureAuthenticatedReadThroughput());
rows.push(await measureMagicLinkLatency());
rows.push(...(await measureFileBudgets()));

console.log(
  `\nRoundroom benchmarks on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}\n`,
);
printTable(rows);
process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
