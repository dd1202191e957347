import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackages, NGINX } from '#scripts/debian-packages';
import { freePort } from './servers';

/**
 * nginx (Debian's package, installed when missing) serving one directory on loopback, one worker, or
 * answering as `serverDirectives` say (for example `return 204;`, a request's floor cost in C).
 */
export async function startNginx(
  root: string,
  serverDirectives = '',
): Promise<{ baseUrl: string; workerPid(): number; stop(): Promise<void> }> {
  ensureDebianPackages([NGINX]);
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-nginx-'));
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server { listen 127.0.0.1:${port}; root ${root}; ${serverDirectives} }
}
`,
  );
  const child: ChildProcess = spawn('nginx', ['-p', prefix, '-c', config], { stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(baseUrl);
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    baseUrl,
    /** The one worker's process: what nginx spends serving is its CPU time, not the master's. */
    workerPid() {
      const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8');
      return Number(children.trim().split(' ')[0]);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
