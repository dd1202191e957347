import fs from 'node:fs';

/** Resident memory of a process, from /proc. */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

/** Samples a process's RSS every 50 ms while `work` runs; returns the peak. */
export async function peakRssDuring(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 50);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssBytes(pid));
}
