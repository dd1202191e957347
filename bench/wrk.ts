import { execFile, execFileSync, spawnSync } from 'node:child_process';

/**
 * Load from wrk (Debian's package): a C load generator that leaves the second core to the server, so
 * the figure is the server's and not the load generator's.
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

/** Runs wrk asynchronously (callers may sample the server while it runs); refuses any failed request. */
async function runWrk(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  timeoutSeconds?: number,
) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`];
  if (timeoutSeconds) args.push(`--timeout=${timeoutSeconds}s`);
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const output = await new Promise<string>((resolve, reject) =>
    execFile('wrk', [...args, url], { encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  if (/Non-2xx or 3xx responses|Socket errors/.test(output))
    throw new Error(`${url} failed under load:\n${output}`);
  return output;
}

export async function wrkRequestsPerSecond(
  url: string,
  headers: Record<string, string> = {},
  seconds = 6,
): Promise<number> {
  const output = await runWrk(url, headers, 32, seconds);
  const match = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!match) throw new Error(`no Requests/sec in wrk's output:\n${output}`);
  return Number(match[1]);
}

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** Bytes per second moved by `connections` concurrent downloads of `url`. */
export async function wrkBytesPerSecond(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds = 8,
  /** wrk counts a response still arriving after 2 s as timed out: long downloads over a slow hop need more. */
  timeoutSeconds?: number,
): Promise<number> {
  const output = await runWrk(url, headers, connections, seconds, timeoutSeconds);
  const match = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(output);
  if (!match?.[1] || !match[2]) throw new Error(`no Transfer/sec in wrk's output:\n${output}`);
  return Number(match[1]) * (UNITS[match[2]] ?? 1);
}
