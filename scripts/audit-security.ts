import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MINUTE_MS } from '#server/durations';
import { ensureDebianPackages } from './debian-packages';
import { runPool } from './security/run-logged';
import { createFounderPool, type ScanFixture, startScanFixture } from './security/scan-fixture';
import { checkBaseline, runSqlmap, SQLMAP_LEVEL, SQLMAP_RISK, type SqlmapResult } from './security/sqlmap';
import {
  injectionPoints,
  type ScanFounders,
  sqlmapTargets,
  UPLOAD_FIELDS,
  UPLOADS_PER_POOL_FOUNDER,
  WRITE_ROUTES,
} from './security/sqlmap-targets';
import { isFailing, runWapiti, type WapitiResult, type WapitiScan } from './security/wapiti';

// npm run audit:security: sqlmap on every input of every API route, then wapiti with and without a
// session, against the production build seeded with a realistic room. Exit 1 on any injectable
// parameter, any wapiti finding above low, or a scan that could not run. Not part of npm test.
// Logs and reports: test-results/security/. docs/security.md has the latest results.

// `npm run audit:security -- upload` scans only the sqlmap targets and wapiti scans whose name contains
// "upload", to look again at one finding; the summary then says the audit was partial.
const only = process.argv[2];
const matches = (name: string) => only === undefined || name.includes(only);
const started = Date.now();
const workDir = path.resolve('test-results/security');
fs.rmSync(workDir, { recursive: true, force: true });
fs.mkdirSync(workDir, { recursive: true });

ensureDebianPackages([
  { name: 'sqlmap', provides: '/usr/bin/sqlmap' },
  { name: 'wapiti', provides: '/usr/bin/wapiti' },
]);
const versions = {
  node: process.version,
  sqlmap: debianVersion('sqlmap'),
  wapiti: debianVersion('wapiti'),
};
console.log(`sqlmap ${versions.sqlmap}, wapiti ${versions.wapiti} (Debian packages), Node ${versions.node}`);

if (buildIsStale()) {
  console.log('Building the production bundle (npm run build)...');
  execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

// The throwaway data directory goes on tmpfs: the scans make thousands of uploads, sign-ups and mails,
// each written with fsync, and durability is not what is under test here.
if (fs.existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';
console.log(
  'Starting the app on loopback and seeding a room, an investor, uploads, links and an invitation...',
);
const fixture = await startScanFixture();
// Interrupted: Ctrl-C reaches the scanners and the server too (one process group), so only the data
// directory is left to remove.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    fixture.server.child.kill('SIGKILL');
    fs.rmSync(fixture.server.dataDir, { recursive: true, force: true });
    process.exit(130);
  });
}
let sqlmapResults: SqlmapResult[] = [];
const wapitiResults: WapitiResult[] = [];
const setupFailures: string[] = [];
try {
  // Enough founders that every upload payload finds a room under its 500-upload limit: sqlmap sends
  // about 2,400 requests per injection point at level 3 (a 409 during the scan would fail it).
  const poolSize = Math.ceil(6_000 / UPLOADS_PER_POOL_FOUNDER);
  const founders: ScanFounders = {
    writers: Object.fromEntries(
      await Promise.all(
        WRITE_ROUTES.map(async (route) => [route, (await createFounderPool(fixture.server, 1))[0]] as const),
      ),
    ) as ScanFounders['writers'],
    uploads: Object.fromEntries(
      await Promise.all(
        UPLOAD_FIELDS.map(
          async (field) => [field, await createFounderPool(fixture.server, poolSize)] as const,
        ),
      ),
    ) as ScanFounders['uploads'],
  };
  const targets = sqlmapTargets(fixture, founders).filter((target) => matches(target.name));

  for (const target of targets) {
    const problem = await checkBaseline(fixture.server.baseUrl, target);
    if (problem) setupFailures.push(`${target.name}: ${problem}`);
  }
  if (setupFailures.length === 0) {
    const points = targets.reduce((sum, target) => sum + injectionPoints(target), 0);
    const concurrency = Math.max(2, os.cpus().length + 1);
    console.log(
      `sqlmap: ${targets.length} requests, ${points} injection points, level ${SQLMAP_LEVEL} risk ${SQLMAP_RISK}, ${concurrency} at a time...`,
    );
    sqlmapResults = await runPool(targets, concurrency, async (target) => {
      const result = await runSqlmap(fixture.server.baseUrl, target, workDir);
      console.log(
        `  ${result.failures.length === 0 ? 'clean' : 'FAIL '} ${result.seconds.toFixed(0).padStart(4)} s  ${target.name}`,
      );
      return result;
    });

    // After sqlmap, alone: wapiti's time-based tests must not share the server with sqlmap's load.
    console.log('wapiti: without a session, as the investor, as the founder...');
    for (const scan of wapitiScans(fixture).filter((scan) => matches(scan.name))) {
      const result = await runWapiti(fixture.server.baseUrl, scan, workDir);
      console.log(
        `  ${result.failures.length === 0 ? 'clean' : 'FAIL '} ${result.seconds.toFixed(0).padStart(4)} s  ${scan.name}`,
      );
      wapitiResults.push(result);
    }
  }
} finally {
  await fixture.server.stop();
}

printSummary();
const failed =
  setupFailures.length > 0 ||
  sqlmapResults.some((result) => result.failures.length > 0) ||
  wapitiResults.some((result) => result.failures.length > 0);
process.exitCode = failed ? 1 : 0;

function wapitiScans(f: ScanFixture): WapitiScan[] {
  const base = f.server.baseUrl;
  const click = (prefix: string) => `${base}${prefix}/click?url=${encodeURIComponent(f.externalUrl)}`;
  const invite = `/api/data-room/invite/${f.inviteToken}`;
  const room = `/api/data-room/${f.roomId}`;
  const download = `${base}/api/documents/${f.documentId}/download`;
  return [
    {
      name: 'no session',
      startUrls: [
        `${base}/login`,
        `${base}/verify?token=${'x'.repeat(43)}`,
        `${base}/data-room?invite=${f.inviteToken}`,
        `${base}${invite}`,
        `${base}${invite}/sections`,
        `${base}${invite}/documents`,
        click(invite),
        `${base}/api/site`,
        `${base}/api/health`,
      ],
    },
    {
      name: 'investor session',
      sessionToken: f.investorToken,
      startUrls: [
        `${base}/investor-dashboard`,
        `${base}/data-room/${f.roomId}`,
        `${base}${room}`,
        `${base}${room}/sections`,
        `${base}${room}/documents`,
        click(room),
        download,
        `${base}/api/auth/me`,
        `${base}/api/my-accessible-data-rooms`,
      ],
    },
    {
      name: 'founder session',
      sessionToken: f.founderToken,
      startUrls: [
        `${base}/configure`,
        `${base}/setup-data-room`,
        `${base}/admin`,
        `${base}/preview`,
        `${base}/api/my-data-room`,
        `${base}/api/my-documents`,
        `${base}/api/invites`,
        `${base}/api/sections/content`,
        ...['users', 'invitations', 'sections', 'recent-documents', 'recent-access'].map(
          (name) => `${base}/api/admin/${name}`,
        ),
        download,
      ],
    },
  ];
}

function printSummary(): void {
  const minutes = ((Date.now() - started) / MINUTE_MS).toFixed(1);
  console.log(
    `\nSecurity audit: sqlmap ${versions.sqlmap}, wapiti ${versions.wapiti}; ${minutes} min in all\n`,
  );
  if (only !== undefined) console.log(`PARTIAL: only what matches "${only}"`);
  for (const failure of setupFailures) console.log(`SETUP FAILED  ${failure}`);

  if (sqlmapResults.length > 0) {
    const points = sqlmapResults.reduce((sum, result) => sum + result.points, 0);
    const injectable = sqlmapResults.flatMap((result) => result.verdict.injectable);
    console.log(
      `sqlmap (level ${SQLMAP_LEVEL}, risk ${SQLMAP_RISK}): ${sqlmapResults.length} requests, ${points} injection points, ${injectable.length} injectable`,
    );
    for (const result of sqlmapResults) {
      const codes = result.verdict.httpErrorCodes.join(', ') || 'no error statuses';
      console.log(
        `  ${result.failures.length === 0 ? 'ok  ' : 'FAIL'}  ${result.target.name}: ${result.verdict.tested}/${result.points} points, ${codes}`,
      );
      for (const failure of result.failures) console.log(`        ${failure}  (${result.logFile})`);
    }
  }
  for (const result of wapitiResults) {
    const byLevel = [0, 1, 2, 3, 4].map((level) => result.findings.filter((f) => f.level === level).length);
    console.log(
      `wapiti, ${result.scan.name}: ${result.findings.length} findings (info ${byLevel[0]}, low ${byLevel[1]}, medium ${byLevel[2]}, high ${byLevel[3]}, critical ${byLevel[4]})`,
    );
    for (const finding of result.findings) {
      console.log(
        `  ${isFailing(finding) ? 'FAIL' : 'note'}  [${finding.level}] ${finding.category}: ${finding.method} ${finding.path} ${finding.parameter} ${finding.info}`,
      );
    }
  }
  console.log(`\nLogs and reports: ${path.relative(process.cwd(), workDir)}/`);
}

function debianVersion(name: string): string {
  // dpkg-query's own field syntax, not a template placeholder.
  const format = '-f=$' + '{Version}';
  return execFileSync('dpkg-query', ['-W', format, name], { encoding: 'utf8' }).trim();
}

/** True when the production build is missing or older than a source file it is built from. */
function buildIsStale(): boolean {
  const outputs = ['dist/server/main.js', 'dist/web/index.html'];
  if (!outputs.every((file) => fs.existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  const newer = (entry: string): boolean => {
    const stat = fs.statSync(entry);
    if (!stat.isDirectory()) return stat.mtimeMs > builtAt;
    return fs.readdirSync(entry).some((child) => newer(path.join(entry, child)));
  };
  return ['server', 'shared', 'web', 'package.json', 'vite.config.ts'].some(newer);
}
