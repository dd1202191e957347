import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds a process has used so far (user and system), from /proc. Unlike wall-clock latency it
 * hardly moves when other processes compete for the machine, so it compares runs on a busy host.
 */
export function cpuSeconds(pid: number): number {
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * CPU seconds the live threads of a process have used so far, to the nanosecond (the first field of
 * each thread's /proc schedstat): for costs of a few milliseconds, where cpuSeconds' 10 ms ticks are
 * too coarse (an idle sample of a few seconds catches one tick or none). A thread that has exited is no
 * longer counted, so it is for servers that keep theirs, over a phase in which none starts or ends.
 */
export function threadCpuSeconds(pid: number): number {
  let nanoseconds = 0;
  for (const thread of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(fs.readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return nanoseconds / 1e9;
}
