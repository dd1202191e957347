import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, RAISED_RATE_LIMITS, waitForHealthy } from '#bench/servers';
import { ensureDebianPackages, NGINX } from '#scripts/debian-packages';
import type { Config } from '#server/config';
import { startPostgresCluster } from './postgres-cluster';
import { startRedisServer } from './redis-server';
import { startS3Server } from './s3-server';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server';

/**
 * Roundroom as an operator runs it on several machines (docs/operations.md), on this one: PostgreSQL,
 * Redis, the S3-compatible server (s3rver), two nodes of the production build
 * started from deploy/systemd/roundroom@.service, and Debian's nginx in front with
 * deploy/nginx/roundroom.test.conf (round robin, no sticky sessions). Used by npm run test:cluster and
 * npm run bench:load -- --cluster. Run `npm run build` first.
 */

const projectRoot = path.resolve(import.meta.dirname, '../..');
const UNIT_FILE = path.join(projectRoot, 'deploy/systemd/roundroom@.service');
const NGINX_TEST_CONF = path.join(projectRoot, 'deploy/nginx/roundroom.test.conf');
const NGINX_PROXY_CONF = path.join(projectRoot, 'deploy/nginx/roundroom-proxy.conf');
const NGINX_SITE_CONF = path.join(projectRoot, 'deploy/nginx/roundroom.conf');
/** Where the unit expects the checkout; the test runs it from this one. */
const UNIT_CHECKOUT = '/srv/roundroom';

export interface ClusterNode {
  name: string;
  port: number;
  /** The node itself, past nginx. */
  baseUrl: string;
  pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
  isRunning(): boolean;
  /** SIGKILL, as a crash or an OOM kill: nothing of the drain runs. */
  kill(): Promise<void>;
  /** SIGTERM (the drain), then waits for the exit. */
  stop(): Promise<number | null>;
}

export interface Cluster {
  /** nginx: what users reach. */
  baseUrl: string;
  nodes: [ClusterNode, ClusterNode];
  database: Extract<Config['database'], { dialect: 'postgres' }>;
  smtp: TestSmtpServer;
  /** The environment every node shares (the unit's EnvironmentFile). */
  environment: Record<string, string>;
  /** What the cluster is made of, for reports: e.g. "PostgreSQL, S3-compatible storage, Redis". */
  description: string;
  /** nginx's access log so far: one line per request, with the nodes it went to. */
  proxyLog(): ProxiedRequest[];
  /** Starts a node again on its port after it was killed or stopped. */
  restart(node: ClusterNode): Promise<ClusterNode>;
  stop(): Promise<void>;
}

export interface ProxiedRequest {
  method: string;
  uri: string;
  status: number;
  /** The nodes tried, in order (host:port). */
  upstreams: string[];
}

/** Lines of the test config's `upstreams` log format. */
export function parseProxyLog(text: string): ProxiedRequest[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^(\S+) (\S+) (\d+) "([^"]*)"/.exec(line);
      return {
        method: match?.[1] ?? '',
        uri: match?.[2] ?? '',
        status: Number(match?.[3]),
        upstreams: (match?.[4] ?? '').split(/,\s*/).filter((address) => address && address !== '-'),
      };
    });
}

export interface ClusterOptions {
  /** Added to every node's environment (rate limits, promo codes...). */
  environment?: Record<string, string>;
  /** The SMTP server also writes each message here (the e2e mailbox reads it). */
  mailDir?: string;
}

/** ExecStart and the Environment lines of the systemd unit, for instance `instance`. */
export function unitCommand(unitText: string, instance: string) {
  const expand = (value: string) =>
    value.replaceAll('%i', instance).replaceAll(UNIT_CHECKOUT, projectRoot).trim();
  const values = (key: string) =>
    unitText
      .split('\n')
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => expand(line.slice(key.length + 1)));
  const [execStart] = values('ExecStart');
  if (!execStart) throw new Error(`${UNIT_FILE} has no ExecStart`);
  const [command = '', ...args] = execStart.split(/\s+/);
  const environment = Object.fromEntries(
    values('Environment').map((assignment) => {
      const equals = assignment.indexOf('=');
      return [assignment.slice(0, equals), assignment.slice(equals + 1)];
    }),
  );
  return { command, args, environment };
}

function startNode(name: string, port: number, environment: Record<string, string>, logDir: string) {
  const unit = unitCommand(fs.readFileSync(UNIT_FILE, 'utf8'), String(port));
  const child: ChildProcess = spawn(unit.command, unit.args, {
    cwd: projectRoot,
    // The unit's own lines last, as systemd applies Environment= after EnvironmentFile=; HOST is
    // loopback here instead of every interface.
    env: { PATH: process.env.PATH ?? '', ...environment, ...unit.environment, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = fs.createWriteStream(path.join(logDir, `node-${name}.log`));
  let output = '';
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    // The tail is enough to explain a failure.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running = false;
      log.end();
      resolve(code);
    }),
  );
  const node: ClusterNode = {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    isRunning: () => running,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
  return node;
}

async function waitForNode(node: ClusterNode): Promise<void> {
  const died = node.exited.then((code) => {
    throw new Error(`node ${node.name} exited (${code}) before it was healthy:\n${node.output()}`);
  });
  await Promise.race([waitForHealthy(node.baseUrl, 60_000), died]);
  died.catch(() => {});
}

function startNginx(prefix: string, listen: number, nodes: ClusterNode[]) {
  for (const directory of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(prefix, directory), { recursive: true });
  const config = fs
    .readFileSync(NGINX_TEST_CONF, 'utf8')
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@LISTEN@', `127.0.0.1:${listen}`)
    .replaceAll('@NODE_A@', `127.0.0.1:${nodes[0]?.port}`)
    .replaceAll('@NODE_B@', `127.0.0.1:${nodes[1]?.port}`)
    .replaceAll('@PROXY_CONF@', NGINX_PROXY_CONF);
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(file, config);
  const child = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, errors: () => errors };
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  ensureDebianPackages([NGINX]);
  if (!fs.existsSync(path.join(projectRoot, 'dist/server/main.js')))
    throw new Error('dist/server/main.js is missing: run npm run build first');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-cluster-'));
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const postgres = await startPostgresCluster();
    stops.push(() => postgres.stop());
    const s3 = await startS3Server();
    stops.push(() => s3.stop());
    const redis = await startRedisServer();
    stops.push(() => redis.stop());
    const smtp = await startTestSmtpServer(options.mailDir ? { saveTo: options.mailDir } : {});
    stops.push(() => smtp.close());

    const nginxPort = await freePort();
    const baseUrl = `http://127.0.0.1:${nginxPort}`;
    const environment: Record<string, string> = {
      ...RAISED_RATE_LIMITS,
      APP_URL: baseUrl,
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      // nginx is the one proxy: its X-Forwarded-For names the client.
      TRUST_PROXY: '127.0.0.1',
      // Every connection comes from nginx: a cap per address would cap nginx.
      MAX_CONNECTIONS_PER_IP: '0',
      // A killed node's job is taken by the other within this.
      JOB_LEASE_MS: '3000',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: redis.url,
      // One key for every node (ADR 76): a link made through one node is copied again through the other.
      SHARE_LINK_KEY: crypto.randomBytes(32).toString('base64'),
      ...options.environment,
    };
    // Documents live in the bucket; each node's DATA_DIR holds only its own work files.
    const dataDirOf = (name: string) => path.join(workDir, `data-${name}`);
    const nodeEnvironment = (name: string) => ({ ...environment, DATA_DIR: dataDirOf(name) });

    const ports = [await freePort(), await freePort()] as const;
    // One after the other: the first applies the migrations.
    const first = startNode('a', ports[0], nodeEnvironment('a'), workDir);
    stops.push(async () => void (await stopNode(first)));
    await waitForNode(first);
    const second = startNode('b', ports[1], nodeEnvironment('b'), workDir);
    stops.push(async () => void (await stopNode(second)));
    await waitForNode(second);
    const nodes: [ClusterNode, ClusterNode] = [first, second];

    const nginx = startNginx(path.join(workDir, 'nginx'), nginxPort, nodes);
    stops.push(async () => {
      nginx.child.kill('SIGQUIT');
      await nginx.exited;
    });
    const nginxDied = nginx.exited.then((code) => {
      throw new Error(`nginx exited (${code}): ${nginx.errors()}`);
    });
    await Promise.race([waitForHealthy(baseUrl), nginxDied]);
    nginxDied.catch(() => {});

    return {
      baseUrl,
      nodes,
      database: { dialect: 'postgres', url: postgres.url },
      smtp,
      environment,
      description: '2 nodes behind nginx, PostgreSQL, S3-compatible storage, Redis',
      proxyLog: () => parseProxyLog(fs.readFileSync(path.join(workDir, 'nginx', 'access.log'), 'utf8')),
      async restart(node) {
        await stopNode(node);
        const index = nodes.indexOf(node);
        const again = startNode(node.name, node.port, nodeEnvironment(node.name), workDir);
        stops.push(async () => void (await stopNode(again)));
        await waitForNode(again);
        if (index >= 0) nodes[index] = again;
        return again;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** SIGTERM to a node still running; nothing for one already gone. */
function stopNode(node: ClusterNode): Promise<number | null> {
  return node.isRunning() ? node.stop() : node.exited;
}

/**
 * `nginx -t` on the sample site file as an operator installs it (deploy/nginx/roundroom.conf with the
 * proxy settings in snippets/), with a throwaway certificate in place of Let's Encrypt's and loopback
 * ports in place of 80 and 443. Resolves with nginx's verdict.
 */
export function checkSampleSiteConfig(): { ok: boolean; output: string } {
  ensureDebianPackages([NGINX]);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-nginx-site-'));
  try {
    fs.mkdirSync(path.join(prefix, 'snippets'));
    fs.copyFileSync(NGINX_PROXY_CONF, path.join(prefix, 'snippets', 'roundroom-proxy.conf'));
    const certificate = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=dataroom.example.com',
      '-keyout',
      path.join(prefix, 'key.pem'),
      '-out',
      path.join(prefix, 'cert.pem'),
    ]);
    if (certificate.status !== 0) return { ok: false, output: `openssl: ${certificate.stderr}` };
    const site = fs
      .readFileSync(NGINX_SITE_CONF, 'utf8')
      .replace(/\/etc\/letsencrypt\/live\/[^;]*fullchain\.pem/, path.join(prefix, 'cert.pem'))
      .replace(/\/etc\/letsencrypt\/live\/[^;]*privkey\.pem/, path.join(prefix, 'key.pem'))
      .replace(/listen \[::\]:\d+[^;]*;/g, '')
      .replace(/listen 443/g, 'listen 127.0.0.1:1443')
      .replace(/listen 80;/g, 'listen 127.0.0.1:1080;');
    fs.writeFileSync(path.join(prefix, 'roundroom.conf'), site);
    fs.writeFileSync(
      path.join(prefix, 'nginx.conf'),
      `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log;\nevents {}\nhttp {\n  include ${prefix}/roundroom.conf;\n}\n`,
    );
    const test = spawnSync('/usr/sbin/nginx', ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
      encoding: 'utf8',
    });
    return { ok: test.status === 0, output: `${test.stdout}${test.stderr}` };
  } finally {
    fs.rmSync(prefix, { recursive: true, force: true });
  }
}
