// Runs after every `npm install` / `npm ci` (the root package's postinstall), before any project code.
// Plain JavaScript, because it must also explain itself when run by a Node too old for the project.
//
// The project runs on Node 24 (docs/decisions/0025-node-runtime.md). On Linux it installs that Node
// itself from the npm registry (the optional dependency node-linux-<arch>), and npm puts it first on
// PATH in every npm script, including this one. The native addon better-sqlite3 ships prebuilt N-API
// binaries for the common platforms; this script makes sure the addon loads in the Node that will run
// the project, and builds it against that Node's own headers when it does not (another platform, or a
// build left by an older install).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);

if (major < REQUIRED_MAJOR) {
  console.error(
    `Roundroom needs Node ${REQUIRED_MAJOR}, and npm scripts here run Node ${process.versions.node} (${process.execPath}). ` +
      `The bundled Node is only installed on Linux (x64, arm64); elsewhere install Node ${REQUIRED_MAJOR} and run npm with it.`,
  );
  process.exit(1);
}

/** Loads better-sqlite3 in a fresh process of this Node and opens an in-memory database. */
function sqliteAddonLoads() {
  const probe = spawnSync(
    process.execPath,
    ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
    { encoding: 'utf8' },
  );
  return { ok: probe.status === 0, output: `${probe.stdout}${probe.stderr}`.trim() };
}

const before = sqliteAddonLoads();
if (!before.ok) {
  // The headers of the running Node: the npm package's include/node, or a system install's.
  const nodeDir = path.dirname(path.dirname(process.execPath));
  if (!fs.existsSync(path.join(nodeDir, 'include', 'node', 'node_version.h'))) {
    console.error(
      `better-sqlite3 does not load in Node ${process.versions.node}, and no headers were found under ${nodeDir}/include/node to rebuild it.`,
    );
    process.exit(1);
  }
  console.log(`Compiling better-sqlite3 for Node ${process.versions.node} (headers in ${nodeDir})...`);
  // npm itself, run by this Node, so that node-gyp and the build see Node 24 and its headers.
  const npmCli = process.env.npm_execpath;
  const rebuild = spawnSync(
    npmCli ? process.execPath : 'npm',
    [...(npmCli ? [npmCli] : []), 'rebuild', 'better-sqlite3', '--no-audit', '--no-fund'],
    { stdio: 'inherit', env: { ...process.env, npm_config_nodedir: nodeDir } },
  );
  const after = sqliteAddonLoads();
  if (rebuild.status !== 0 || !after.ok) {
    console.error(`better-sqlite3 still does not load in Node ${process.versions.node}:\n${after.output}`);
    process.exit(1);
  }
}
