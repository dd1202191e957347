import { execFileSync, spawnSync } from 'node:child_process';

/**
 * Requests per second from wrk (Debian's package): a C load generator that leaves the second core to
 * the server, so the figure is the server's and not the load generator's.
 */
export function ensureWrk(): void {
  if (spawnSync('which', ['wrk']).status === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error('wrk is missing: install it with sudo apt-get install -y wrk');
  execFileSync('sh', ['-c', 'apt-get update >/dev/null && apt-get install -y wrk >/dev/null'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function wrkRequestsPerSecond(url: string, headers: Record<string, string> = {}, seconds = 6): number {
  const args = ['-t1', '-c32', `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const output = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  if (/Non-2xx or 3xx responses|Socket errors/.test(output))
    throw new Error(`${url} failed under load:\n${output}`);
  const match = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!match) throw new Error(`no Requests/sec in wrk's output:\n${output}`);
  return Number(match[1]);
}
