import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { sweepPreparationWork } from './preparation.service';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preparation-work-test-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const silentLog = { warn() {} } as never;

test("the start-up sweep removes only this host's work of processes that no longer run", async () => {
  // A process that has ended: its pid is free (until reused, which a fresh one seldom is at once).
  const deadPid = spawnSync('true').pid;
  const folders = {
    deadHere: `${os.hostname()}-${deadPid}`,
    aliveHere: `${os.hostname()}-${process.pid}`,
    otherHost: `another-node-${deadPid}`,
  };
  for (const folder of Object.values(folders))
    fs.mkdirSync(path.join(dataDir, 'preparing', folder, 'doc-123'), { recursive: true });
  await sweepPreparationWork({ config: { dataDir } as never, log: silentLog });
  expect(fs.readdirSync(path.join(dataDir, 'preparing')).sort()).toEqual(
    [folders.aliveHere, folders.otherHost].sort(),
  );
});
