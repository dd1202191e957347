import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureAnalyticsLatency } from './analytics-latency';
import { measureAuthenticatedReadThroughput } from './auth-throughput';
import { measureColdStartAndIdleMemory } from './cold-start';
import { measureExportBudgets } from './exports';
import { measureFileBudgets } from './files';
import { measureLandingBundle } from './landing-bundle';
import { measureLoadBudgets } from './load-budgets';
import { measureMagicLinkLatency } from './magic-link-latency';
import { measurePreviewBudgets } from './previews';
import { type BudgetRow, printTable } from './report';
import { measureHealthWhileParsing } from './sections-parse-latency';
import { measureWatermarkBudgets } from './watermark';

// npm run bench: builds, then measures every performance budget of docs/performance.md and prints
// one table. Budgets are checked here, never as timed assertions in tests. Exit 1 when one fails.

const rows: BudgetRow[] = [];
rows.push(await measureLandingBundle(path.resolve('dist/web')));
rows.push(...(await measureColdStartAndIdleMemory()));
rows.push(await measureAuthenticatedReadThroughput());
rows.push(await measureMagicLinkLatency());
rows.push(await measureHealthWhileParsing());
rows.push(...(await measureFileBudgets()));
rows.push(...(await measureLoadBudgets()));
rows.push(...(await measurePreviewBudgets()));
rows.push(...(await measureAnalyticsLatency()));
rows.push(...(await measureExportBudgets()));
rows.push(...(await measureWatermarkBudgets()));

/** The distribution's name (Debian GNU/Linux 12 (bookworm)), else the kernel's. */
function operatingSystem(): string {
  const release = fs.existsSync('/etc/os-release') ? fs.readFileSync('/etc/os-release', 'utf8') : '';
  const name = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1];
  return `${name ?? os.type()}, kernel ${os.release()}`;
}

console.log(
  `\nRoundroom benchmarks on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, ${operatingSystem()}, Node ${process.version}\n`,
);
printTable(rows);
process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
