import type { PreparationTask } from './preparation-limits';
import { prepareFiles } from './prepare-files';

/**
 * The entry of the preparation's child process (run-preparation-child.ts starts it as the leader of a
 * process group of its own): it receives one task, prepares it, sends back the outcome and exits.
 * If the server goes away first (a crash, kill -9), the IPC channel closes and the child takes its
 * whole group down with it, LibreOffice and poppler included: nothing converts for nobody.
 */
process.on('disconnect', () => {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } finally {
    process.exit(1);
  }
});

process.once('message', (task: PreparationTask) => {
  prepareFiles(task).then(
    (outcome) => process.send?.({ outcome }, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () =>
        process.exit(1),
      ),
  );
});
