import fs from 'node:fs';
import path from 'node:path';

/**
 * The live processes preparing previews for the server whose data directory is `dataDir`: the child
 * process and whatever it started (LibreOffice, poppler), each of which names its work directory
 * (DATA_DIR/preparing/…) in its arguments. Other servers' preparations, in tests running beside, are
 * not counted.
 */
export function previewProcesses(dataDir: string): string[] {
  return previewProcessStats(dataDir).map((process) => process.commandLine);
}

/**
 * The same processes' programs (the command line's first word, its path dropped) with their niceness
 * (their CPU priority: 0 by default, 19 the lowest).
 */
export function previewProcessPriorities(dataDir: string): { program: string; niceness: number }[] {
  // /proc/PID/stat after the command's closing parenthesis: state is field 0, nice field 16.
  return previewProcessStats(dataDir).map((process) => ({
    program: path.basename(process.commandLine.split(' ')[0] ?? ''),
    niceness: Number(process.stat.split(' ')[16]),
  }));
}

function previewProcessStats(dataDir: string): { commandLine: string; stat: string }[] {
  const workRoot = path.join(dataDir, 'preparing');
  const found: { commandLine: string; stat: string }[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let commandLine = '';
    let stat = '';
    try {
      commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      stat = line.slice(line.lastIndexOf(')') + 2);
    } catch {
      continue; // ended between the listing and the read
    }
    if (stat[0] !== 'Z' && commandLine.includes(workRoot)) found.push({ commandLine, stat });
  }
  return found;
}
