import { spawn } from 'node:child_process';
import fs from 'node:fs';

export interface LoggedRun {
  exitCode: number | null;
  /** stdout and stderr together, as the tool printed them. */
  output: string;
  timedOut: boolean;
}

/**
 * Runs a scanner with its output kept in a log file (read back for parsing), killed after timeoutMs.
 * TERM=dumb keeps terminal control sequences out of the log; stdin is closed.
 */
export function runLogged(
  command: string,
  args: string[],
  logFile: string,
  timeoutMs: number,
  environment: Record<string, string> = {},
): Promise<LoggedRun> {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, 'w');
    const child = spawn(command, args, {
      stdio: ['ignore', log, log],
      env: { ...process.env, TERM: 'dumb', LANG: 'C.UTF-8', ...environment },
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      fs.closeSync(log);
      reject(error);
    });
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      fs.closeSync(log);
      resolve({ exitCode, output: fs.readFileSync(logFile, 'utf8'), timedOut });
    });
  });
}

/** Runs tasks with at most `concurrency` at a time, keeping the order of the results. */
export async function runPool<T, R>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
