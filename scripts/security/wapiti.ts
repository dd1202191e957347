import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MINUTE_MS } from '#server/durations';
import { runLogged } from './run-logged';

/**
 * The wapiti modules that can find something in this app: injections and traversal in query strings
 * (sql, blindsql, exec, file, xss, permanentxss, crlf), open redirects (the click endpoint redirects),
 * the security headers, CSP and cookie flags, HTTP methods and access-control bypasses (methods,
 * htaccess) and left-over backup files (backup). Left out: ssrf and xxe (they need wapiti's Internet
 * endpoint, and the app neither fetches URLs nor parses XML), nikto and wapp (they download their
 * databases), buster and brute_login_form (path and password guessing: no passwords here, and the
 * server answers every unknown path with 404), shellshock (no CGI), csrf (it looks for tokens in HTML
 * forms; the app has none, and refuses cookie writes from other origins instead).
 */
export const WAPITI_MODULES = [
  'sql',
  'blindsql',
  'exec',
  'file',
  'xss',
  'permanentxss',
  'crlf',
  'redirect',
  'http_headers',
  'csp',
  'cookieflags',
  'methods',
  'htaccess',
  'backup',
];

/** Wapiti 3.0.4's levels: 0 info, 1 low, 2 medium, 3 high, 4 critical. */
const LOW = 1;
/**
 * Findings wapiti rates low that would still be real holes here: the click endpoint must never redirect
 * outside the room's links (docs/product-rules.md#documents-and-the-access-log), no backup of a file may be
 * served, and no input may reach a response header.
 */
const ALWAYS_FAIL = new Set(['Open Redirect', 'Backup file', 'CRLF Injection']);

export interface WapitiFinding {
  kind: 'vulnerability' | 'anomaly';
  category: string;
  level: number;
  method: string;
  path: string;
  parameter: string;
  info: string;
}

interface WapitiEntry {
  level: number | string;
  method: string;
  path: string;
  parameter: string;
  info: string;
}

interface WapitiReport {
  vulnerabilities: Record<string, WapitiEntry[]>;
  anomalies: Record<string, WapitiEntry[]>;
  infos: { version: string };
}

/** Every vulnerability and anomaly (a 500, a timeout) of a JSON report. */
export function readWapitiReport(reportJson: string): { version: string; findings: WapitiFinding[] } {
  const report = JSON.parse(reportJson) as WapitiReport;
  const findings: WapitiFinding[] = [];
  for (const [kind, groups] of [
    ['vulnerability', report.vulnerabilities],
    ['anomaly', report.anomalies],
  ] as const) {
    for (const [category, entries] of Object.entries(groups)) {
      for (const entry of entries) {
        findings.push({
          kind,
          category,
          level: Number(entry.level),
          method: entry.method,
          path: entry.path,
          parameter: entry.parameter,
          info: entry.info,
        });
      }
    }
  }
  return { version: report.infos.version, findings };
}

export function isFailing(finding: WapitiFinding): boolean {
  return finding.level > LOW || ALWAYS_FAIL.has(finding.category);
}

export interface WapitiScan {
  name: string;
  /** The session cookie's value, for an authenticated crawl. */
  sessionToken?: string;
  /** Pages and API URLs with parameters: the app is a single-page app, so a crawl alone finds only '/'. */
  startUrls: string[];
}

export interface WapitiResult {
  scan: WapitiScan;
  version: string;
  findings: WapitiFinding[];
  failures: string[];
  seconds: number;
  logFile: string;
}

const TIMEOUT_MS = 10 * MINUTE_MS;

export async function runWapiti(baseUrl: string, scan: WapitiScan, workDir: string): Promise<WapitiResult> {
  const started = Date.now();
  const dir = path.join(workDir, `wapiti-${scan.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`);
  fs.mkdirSync(dir, { recursive: true });
  const reportFile = path.join(dir, 'report.json');
  const logFile = path.join(dir, 'wapiti.log');
  const host = new URL(baseUrl).hostname;

  const cookieArgs: string[] = [];
  if (scan.sessionToken) {
    // wapiti's cookie file: domain, then path, then cookie name.
    const cookieFile = path.join(dir, 'cookies.json');
    const cookie = { value: scan.sessionToken, expires: null, secure: false, port: null, version: 0 };
    fs.writeFileSync(cookieFile, JSON.stringify({ [host]: { '/': { rr_session: cookie } } }));
    cookieArgs.push('--cookie', cookieFile);
  }
  const args = [
    '--url',
    `${baseUrl}/`,
    '--scope',
    'domain',
    ...scan.startUrls.flatMap((url) => ['--start', url]),
    ...cookieArgs,
    '--module',
    WAPITI_MODULES.join(','),
    // Level 2 also attacks whole query strings, not only their parameters.
    '--level',
    '2',
    '--flush-session',
    '--store-session',
    path.join(dir, 'session'),
    '--store-config',
    path.join(dir, 'config'),
    '--format',
    'json',
    '--output',
    reportFile,
    '--no-bugreport',
    '--verbose',
    '1',
  ];
  const run = await runLogged('wapiti', args, logFile, TIMEOUT_MS);
  const failures: string[] = [];
  if (run.timedOut) failures.push(`did not finish within ${TIMEOUT_MS / MINUTE_MS} minutes`);
  if (!fs.existsSync(reportFile)) {
    failures.push(`no report (exit code ${run.exitCode}); see ${logFile}`);
    return {
      scan,
      version: 'unknown',
      findings: [],
      failures,
      seconds: (Date.now() - started) / 1000,
      logFile,
    };
  }
  failures.push(...startUrlsNotReached(path.join(dir, 'session'), scan.startUrls));
  const { version, findings } = readWapitiReport(fs.readFileSync(reportFile, 'utf8'));
  for (const finding of findings.filter(isFailing)) {
    failures.push(
      `${finding.category} (level ${finding.level}) ${finding.method} ${finding.path} ${finding.parameter}: ${finding.info}`,
    );
  }
  return { scan, version, findings, failures, seconds: (Date.now() - started) / 1000, logFile };
}

/**
 * The status wapiti itself got for each start URL, from its session database (wapiti 3.0.4's `paths`
 * table). A 401 or 404 there means the scan attacked an error page: a session cookie that stopped
 * working, or a route that moved.
 */
function startUrlsNotReached(sessionDir: string, startUrls: string[]): string[] {
  const file = fs.existsSync(sessionDir)
    ? fs.readdirSync(sessionDir).find((name) => name.endsWith('.db'))
    : undefined;
  if (!file) return [`no wapiti session database in ${sessionDir}`];
  const db = new Database(path.join(sessionDir, file), { readonly: true });
  try {
    const statuses = new Map(
      (
        db.prepare('select path, http_status from paths where http_status is not null').all() as {
          path: string;
          http_status: number;
        }[]
      ).map((row) => [row.path, row.http_status]),
    );
    return startUrls.flatMap((url) => {
      const { origin, pathname } = new URL(url);
      const status = statuses.get(`${origin}${pathname}`);
      if (status === undefined) return [`wapiti never fetched ${url}`];
      return status >= 400 ? [`wapiti got ${status} for ${url}: it attacked an error page`] : [];
    });
  } finally {
    db.close();
  }
}
