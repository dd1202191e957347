import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { installedPostgresBinDirs } from '#server/operations/postgres-tools';

/**
 * A throwaway PostgreSQL cluster from the installed server binaries: initdb in a temp directory,
 * listening on 127.0.0.1 only, on a free port, stopped and deleted afterwards. PostgreSQL refuses to
 * run as root, so as root every command runs as the `postgres` OS user.
 */
export interface PostgresCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  stop(): void;
}

const isRoot = process.getuid?.() === 0;

function findBinDir(): string {
  let [newest] = installedPostgresBinDirs('initdb');
  if (!newest && isRoot) {
    // A fresh machine of this kind may lack the server package; as root we can install it.
    execFileSync('sh', ['-c', 'apt-get update >/dev/null && apt-get install -y postgresql >/dev/null'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    [newest] = installedPostgresBinDirs('initdb');
  }
  if (!newest) {
    throw new Error(
      'PostgreSQL server binaries are missing (no /usr/lib/postgresql/*/bin/initdb). ' +
        'Install them with: apt-get install -y postgresql, or set DATABASE_URL to a server you run.',
    );
  }
  return newest;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function run(binary: string, args: string[]): void {
  const [command, commandArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(binary)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const binDir = findBinDir();
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-pg-'));
  const dataDir = path.join(baseDir, 'data');
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(baseDir, uid, gid);
  }
  const port = await freePort();
  run(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  // Durability settings off: this cluster lives for one test run and speed matters more.
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${baseDir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    // For the report at the end: what held the server up, should a run stall (see stop()).
    '-c log_min_duration_statement=5000',
    '-c log_lock_waits=on',
  ].join(' ');
  run(path.join(binDir, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    serverOptions,
    '-l',
    path.join(baseDir, 'log'),
    '-w',
    'start',
  ]);

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      reportStalls(path.join(baseDir, 'log'));
      try {
        run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(baseDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Prints the server log's statements that took over 5 s, its lock waits, deadlocks and panics: none
 * are expected, and a test that timed out on PostgreSQL is explained by them, or shown to have waited
 * on something else.
 */
function reportStalls(logPath: string): void {
  if (!fs.existsSync(logPath)) return;
  const stalls = fs
    .readFileSync(logPath, 'utf8')
    .split('\n')
    .filter((line) => /duration: |still waiting|deadlock|PANIC/.test(line));
  if (stalls.length > 0)
    console.warn(
      `PostgreSQL's log: slow statements, lock waits and panics\n${stalls.slice(0, 200).join('\n')}`,
    );
}
