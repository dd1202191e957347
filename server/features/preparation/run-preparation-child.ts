import { spawn } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import os from 'node:os';
import { PREPARATION_OUTCOME_GRACE_MS } from '#server/durations';
import { entryFile } from '#server/workers/entry-file';
import type { PreparationOutcome, PreparationTask } from './preparation-limits';

/**
 * The preparation's CPU priority: the lowest. It inherits to LibreOffice, poppler and sharp's threads,
 * which the child starts, so a conversion takes only the CPU that requests leave (on two cores, one
 * 300-page deck would otherwise take a whole core from the server: docs/performance.md). Raising one's
 * own child's niceness needs no privilege.
 */
const PREPARATION_NICENESS = 19;

function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, PREPARATION_NICENESS);
  } catch (error) {
    // Already gone (it failed to start): its outcome says why.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The child's process group: itself and everything it started, killed in one signal. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Prepares one document in a child process, the leader of a new process group, so the server's event
 * loop never converts or encodes. Past the time limit the whole group is killed (LibreOffice or poppler
 * hanging on a hostile file included) and the outcome is a final 'timed_out'. An abort (the job's own
 * deadline, the server closing) kills the group too and rejects. The group is killed in every case
 * once the outcome is known, so no helper process outlives its preparation.
 */
export async function runPreparationChild(
  task: PreparationTask,
  options: { timeLimitMs: number; signal?: AbortSignal },
): Promise<PreparationOutcome> {
  options.signal?.throwIfAborted();
  // The work directory as an argument only names the process (ps, /proc), which directory it serves.
  const entry = await entryFile(
    'prepare-document.child',
    new URL('./prepare-document.child.ts', import.meta.url),
  );
  const child = spawn(process.execPath, [entry, task.workDir], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  lowerPriority(child.pid);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 8_192) stderr += chunk;
  });
  try {
    return await new Promise<PreparationOutcome>((resolve, reject) => {
      const timer = setTimeout(() => {
        killGroup(child.pid);
        resolve({
          status: 'failed',
          code: 'timed_out',
          detail: `still running after ${options.timeLimitMs} ms`,
        });
      }, options.timeLimitMs);
      const onAbort = () => {
        killGroup(child.pid);
        reject(options.signal?.reason ?? new Error('preparation aborted'));
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      childOutcome(child, () => stderr).then(
        (outcome) => {
          settle();
          resolve(outcome);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
      child.send(task);
    });
  } finally {
    killGroup(child.pid);
    if (child.connected) child.disconnect();
  }
}

/**
 * The outcome the child sends. Node does not order a child's last IPC message before its 'exit' event,
 * so an exit alone is not the end: the channel's 'disconnect' is (its messages come before it), or,
 * should a grandchild still hold the channel open, a short grace period after the exit.
 */
export function childOutcome(child: EventEmitter, stderr: () => string): Promise<PreparationOutcome> {
  return new Promise((resolve, reject) => {
    let exit: string | undefined;
    let isDisconnected = false;
    let grace: NodeJS.Timeout | undefined;
    const endedWithoutOutcome = () => {
      clearTimeout(grace);
      reject(new Error(`document preparation ended (${exit}) without an outcome: ${stderr().trim()}`));
    };
    child.once('message', (message: { outcome?: PreparationOutcome; error?: string }) => {
      clearTimeout(grace);
      if (message.outcome) resolve(message.outcome);
      else reject(new Error(`document preparation failed: ${message.error}`));
    });
    child.once('error', (error) => {
      clearTimeout(grace);
      reject(error);
    });
    child.once('disconnect', () => {
      isDisconnected = true;
      if (exit !== undefined) endedWithoutOutcome();
    });
    child.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      exit = signal ?? `exit ${code}`;
      // After a message this changes nothing (a promise settles once).
      if (isDisconnected) endedWithoutOutcome();
      else grace = setTimeout(endedWithoutOutcome, PREPARATION_OUTCOME_GRACE_MS).unref();
    });
  });
}
