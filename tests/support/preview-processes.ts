import fs from 'node:fs';
import path from 'node:path';

/**
 * The live processes preparing previews for the server whose data directory is `dataDir`: the child
 * process and whatever it started (LibreOffice, poppler), each of which names its work directory
 * (DATA_DIR/preparing/…) in its arguments. Other servers' preparations, in tests running beside, are
 * not counted.
 */
export function previewProcesses(dataDir: string): string[] {
  const workRoot = path.join(dataDir, 'preparing');
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let commandLine = '';
    let state = '';
    try {
      commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '';
    } catch {
      continue; // ended between the listing and the read
    }
    if (state !== 'Z' && commandLine.includes(workRoot)) found.push(commandLine);
  }
  return found;
}
