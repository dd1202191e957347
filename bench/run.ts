import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureAnalyticsLatency } from './analytics-latency';
import { measureAuthenticatedReadThroughput } from './auth-throughput';
import { measureColdStartAndIdleMemory } from './cold-start';
import { measureEngagementBudgets } from './engagement';
import { measureExportBudgets } from './exports';
import { measureFileBudgets } from './files';
import { measureFirstScreenBudgets } from './first-screen';
import { measureGroupsReadingCost } from './groups';
import { measureLandingBundle } from './landing-bundle';
import { measureLoadBudgets } from './load-budgets';
import { measureMagicLinkLatency } from './magic-link-latency';
import { measureScanOcr } from './ocr';
import { measurePreviewBudgets, measureSmallFilesTogether } from './previews';
import { measureQuestionsLatency } from './questions';
import { measureReaderBudgets } from './reader';
import { type BudgetRow, printTable } from './report';
import { measureSearchBudgets } from './search';
import { measureHealthWhileParsing } from './sections-parse-latency';
import { measureStorageBudgets } from './storage';
import { measureWatermarkBudgets } from './watermark';
import { measureZipBudgets } from './zips';

// npm run bench: builds, then measures every performance budget of docs/performance.md and prints
// one table. Budgets are checked here, never as timed assertions in tests. Exit 1 when one fails.
// `npm run bench -- previews exports` measures only those groups (the names below), for a change that
// touches one budget.

const GROUPS: Record<string, () => Promise<BudgetRow[]>> = {
  landing: async () => [await measureLandingBundle(path.resolve('dist/web'))],
  start: measureColdStartAndIdleMemory,
  auth: async () => [await measureAuthenticatedReadThroughput()],
  mail: async () => [await measureMagicLinkLatency()],
  parsing: async () => [await measureHealthWhileParsing()],
  files: measureFileBudgets,
  load: measureLoadBudgets,
  previews: measurePreviewBudgets,
  'previews-together': measureSmallFilesTogether,
  analytics: measureAnalyticsLatency,
  exports: measureExportBudgets,
  watermark: measureWatermarkBudgets,
  storage: measureStorageBudgets,
  reader: measureReaderBudgets,
  'first-screen': measureFirstScreenBudgets,
  zips: measureZipBudgets,
  groups: measureGroupsReadingCost,
  questions: measureQuestionsLatency,
  // Search inside documents: the index's rows (search.ts) and the OCR of scans (ocr.ts).
  search: async () => [...(await measureSearchBudgets()), ...(await measureScanOcr())],
  // The engagement score: the ranked list over 1M reports, and what its refresh adds to a report.
  engagement: measureEngagementBudgets,
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in GROUPS));
if (unknown.length > 0)
  throw new Error(`unknown bench groups: ${unknown.join(', ')} (known: ${Object.keys(GROUPS).join(', ')})`);

const rows: BudgetRow[] = [];
for (const [name, measure] of Object.entries(GROUPS)) {
  if (chosen.length === 0 || chosen.includes(name)) rows.push(...(await measure()));
}

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
