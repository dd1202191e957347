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

/** Each live thread's CPU nanoseconds so far (the first field of its /proc schedstat), by thread id. */
function threadCpuNanoseconds(pid: number): Map<string, number> {
  const byThread = new Map<string, number>();
  for (const thread of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      byThread.set(
        thread,
        Number(fs.readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]),
      );
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byThread;
}

/**
 * A stopwatch of the CPU a process's threads use from now on, to the nanosecond (/proc schedstat): for
 * costs of a few milliseconds, where cpuSeconds' 10 ms ticks are too coarse (an idle sample of a few
 * seconds catches one tick or none). Counted thread by thread: a thread started meanwhile counts whole,
 * and one that ends meanwhile counts nothing, rather than taking all it ever used off the sum (the
 * sections parser's thread ends after a minute idle, SECTIONS_PARSER_IDLE_MS, and a sum over the live
 * threads then lost what that thread had spent since its start, making a burst look cheaper than it
 * was). What an ending thread used between the start and its end is not counted: an idle thread, ending.
 */
export function threadCpuStopwatch(pid: number): { seconds(): number } {
  const atStart = threadCpuNanoseconds(pid);
  return {
    seconds() {
      let nanoseconds = 0;
      for (const [thread, now] of threadCpuNanoseconds(pid)) nanoseconds += now - (atStart.get(thread) ?? 0);
      return nanoseconds / 1e9;
    },
  };
}

/** CPU seconds of the processes so far; a process that has exited keeps the last reading taken. */
export function cpuMeter(pids: number[]) {
  const last = new Map<number, number>();
  const read = () => {
    for (const pid of pids) {
      try {
        last.set(pid, cpuSeconds(pid));
      } catch {} // gone: its last reading stands
    }
    return [...last.values()].reduce((sum, seconds) => sum + seconds, 0);
  };
  return read;
}
