import fs from 'node:fs';
import path from 'node:path';
import { MINUTE_MS } from '#server/durations';
import { runLogged } from './run-logged';
import { injectionPoints, type SqlmapTarget, withoutMarkers } from './sqlmap-targets';

/**
 * Level 3 tries sqlmap's common boundaries (the prefixes and suffixes that close a quote, a bracket or
 * a clause); risk 3 adds the OR-based payloads (the classic `' OR '1'='1` sign-in bypass) and heavy
 * time-based queries, acceptable against a throwaway database. About 2,400 requests per injection
 * point, 5 to 120 seconds on loopback; level 5 sends 8,000 and takes over half an hour in all.
 */
export const SQLMAP_LEVEL = 3;
export const SQLMAP_RISK = 3;
const TIMEOUT_PER_TARGET_MS = 10 * MINUTE_MS;

export interface SqlmapVerdict {
  /** Confirmed injection points, as sqlmap names them ('JSON #1*'). */
  injectable: string[];
  /** Injection points sqlmap finished testing, injectable or not. */
  tested: number;
  /** Lines that mean the run itself went wrong (connection refused, aborted). */
  problems: string[];
  /** HTTP statuses the app answered with, and how often: '400 (Bad Request) - 613 times'. */
  httpErrorCodes: string[];
}

/**
 * Reads sqlmap's console output (and its per-host log, which lists confirmed injection points).
 * sqlmap exits 0 whether or not it found an injection, so the text is the result.
 */
export function readSqlmapOutput(output: string, hostLog = ''): SqlmapVerdict {
  const lines = output.split(/\r?\n/);
  const injectable = new Set<string>();
  let clean = 0;
  for (const line of lines) {
    const vulnerable = /parameter '(.+?)' is vulnerable/.exec(line);
    if (vulnerable?.[1]) injectable.add(vulnerable[1]);
    if (/parameter '.+?' does not seem to be injectable/.test(line)) clean++;
  }
  for (const match of `${output}\n${hostLog}`.matchAll(/^Parameter: (.+?) \(/gm)) {
    if (match[1]) injectable.add(match[1]);
  }
  const problems = lines.filter(
    (line) =>
      /\[(CRITICAL|ERROR)\]/.test(line) && !/all tested parameters do not appear to be injectable/.test(line),
  );
  const codesIndex = lines.findIndex((line) => /HTTP error codes detected during run/.test(line));
  const httpErrorCodes =
    codesIndex >= 0
      ? (lines[codesIndex + 1] ?? '')
          .split(',')
          .map((code) => code.trim())
          .filter(Boolean)
      : [];
  return { injectable: [...injectable], tested: clean + injectable.size, problems, httpErrorCodes };
}

export interface SqlmapResult {
  target: SqlmapTarget;
  points: number;
  verdict: SqlmapVerdict;
  /** Why this target fails, if it does. */
  failures: string[];
  seconds: number;
  logFile: string;
}

/** The request once without markers: it must answer what the target expects, or the scan would be empty. */
export async function checkBaseline(baseUrl: string, target: SqlmapTarget): Promise<string | undefined> {
  const response = await fetch(`${baseUrl}${withoutMarkers(target.path)}`, {
    method: target.method,
    headers: Object.fromEntries(
      Object.entries(target.headers).map(([key, value]) => [key, withoutMarkers(value)]),
    ),
    body: target.body === undefined ? undefined : withoutMarkers(target.body),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status === target.baselineStatus
    ? undefined
    : `baseline request answered ${response.status}, expected ${target.baselineStatus}`;
}

export async function runSqlmap(
  baseUrl: string,
  target: SqlmapTarget,
  workDir: string,
): Promise<SqlmapResult> {
  const started = Date.now();
  const slug = target.name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  const outputDir = path.join(workDir, slug);
  const logFile = path.join(workDir, `${slug}.log`);
  fs.mkdirSync(outputDir, { recursive: true });

  const { Cookie: cookie, ...headers } = target.headers;
  const args = [
    '-u',
    `${baseUrl}${target.path}`,
    '--method',
    target.method,
    ...(target.body === undefined ? [] : ['--data', target.body]),
    '--headers',
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    ...(cookie === undefined ? [] : ['--cookie', cookie]),
    ...(target.evalCode === undefined ? [] : ['--eval', target.evalCode]),
    ...(target.trueStatus === undefined ? [] : [`--code=${target.trueStatus}`]),
    ...(target.ignoreStatuses === undefined ? [] : [`--ignore-code=${target.ignoreStatuses.join(',')}`]),
    `--level=${SQLMAP_LEVEL}`,
    `--risk=${SQLMAP_RISK}`,
    '--batch',
    // Keep testing every point after a finding, so one run reports them all; test only the marked
    // points, not also the path of a URL that has none.
    '--answers=keep testing=Y,URI injections=N',
    '--ignore-stdin',
    '--flush-session',
    `--output-dir=${outputDir}`,
    // Sign-ups answer with a new session cookie; each request keeps the credentials it was given.
    '--drop-set-cookie',
    // Clicks redirect to external links; there is no network to follow them to.
    '--ignore-redirects',
    '--disable-coloring',
    // There is no WAF in front of the app, and the heuristic misreads a route that answers by status.
    '--skip-waf',
  ];
  const run = await runLogged('sqlmap', args, logFile, TIMEOUT_PER_TARGET_MS);
  const hostLog = path.join(outputDir, new URL(baseUrl).hostname, 'log');
  const verdict = readSqlmapOutput(
    run.output,
    fs.existsSync(hostLog) ? fs.readFileSync(hostLog, 'utf8') : '',
  );

  const points = injectionPoints(target);
  const failures: string[] = [];
  if (verdict.injectable.length > 0) failures.push(`INJECTABLE: ${verdict.injectable.join(', ')}`);
  if (run.timedOut) failures.push(`did not finish within ${TIMEOUT_PER_TARGET_MS / MINUTE_MS} minutes`);
  if (verdict.tested < points)
    failures.push(`only ${verdict.tested} of ${points} injection points were tested`);
  // With --code sqlmap compares statuses, not pages: a redirect without a body, or an upload's answer
  // (a new id each time), are then no obstacle, though sqlmap still says so before it goes on.
  const pageNotComparable = /lack of content|content appears to be heavily dynamic/;
  failures.push(
    ...verdict.problems.filter(
      (problem) => target.trueStatus === undefined || !pageNotComparable.test(problem),
    ),
  );
  if (target.forbiddenStatus !== undefined) {
    const seen = verdict.httpErrorCodes.find((code) => code.startsWith(`${target.forbiddenStatus} `));
    if (seen) failures.push(`the app answered ${seen}: payloads stopped reaching the code under test`);
  }
  return { target, points, verdict, failures, seconds: (Date.now() - started) / 1000, logFile };
}
