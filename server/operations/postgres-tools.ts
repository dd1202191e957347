import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's command-line tools (pg_dump, pg_restore, and for tests initdb and pg_ctl). Debian installs
 * each major version under /usr/lib/postgresql/<version>/bin; the newest is used, because pg_dump must
 * be at least as new as the server it dumps. Elsewhere the tool is looked up on PATH.
 */
const DEBIAN_ROOT = '/usr/lib/postgresql';

/** Debian's PostgreSQL bin directories that hold `tool`, newest version first. */
export function installedPostgresBinDirs(tool: string): string[] {
  if (!fs.existsSync(DEBIAN_ROOT)) return [];
  return fs
    .readdirSync(DEBIAN_ROOT)
    .filter((version) => fs.existsSync(path.join(DEBIAN_ROOT, version, 'bin', tool)))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(DEBIAN_ROOT, version, 'bin'));
}

export function findPostgresTool(tool: string): string {
  const [newest] = installedPostgresBinDirs(tool);
  return newest ? path.join(newest, tool) : tool;
}

/**
 * How to point a tool at DATABASE_URL without putting the password on its command line (where `ps`
 * shows it): the URL without it, and the password in PGPASSWORD.
 */
export function connectionFor(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL tool to completion; rejects with its own error output when it fails. */
export function runPostgresTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  const executable = findPostgresTool(tool);
  const { dbname, env } = connectionFor(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(executable, [...args, `--dbname=${dbname}`], {
      // Passed through, not read: PATH, HOME (for ~/.pgpass) and any PG* settings the operator uses.
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} was not found in ${DEBIAN_ROOT}/*/bin or on PATH. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client) in a version at least as new as the server.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit ${code}): ${errors.trim() || 'no message'}`));
    });
  });
}
