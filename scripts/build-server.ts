import fs from 'node:fs';
import * as esbuild from 'esbuild';
import { BUNDLE_BANNER } from './bundle-banner';

/**
 * npm run build:server: the server and the entries it starts as worker threads or child processes,
 * bundled into dist/server (ADR 12), with the packages they use bundled in too (ADR 67): an idle server
 * keeps every loaded module's source text and function data on its heap, and one bundle, tree-shaken,
 * with whitespace and syntax minified (names kept, for stack traces), is about half the bytes of the
 * same packages loaded file by file from node_modules.
 */
const ENTRY_POINTS = [
  'server/main.ts',
  'server/parsing/sections-parse.worker.ts',
  'server/features/preparation/prepare-document.child.ts',
  'server/features/exports/export-csv.worker.ts',
  'server/features/reading/watermark-overlay.child.ts',
];

/** Packages left in node_modules, each for a reason; everything else is bundled. */
const EXTERNAL = [
  // Native addons, and packages that load files beside their own (worker scripts, fonts, data).
  'better-sqlite3',
  'sharp',
  'piscina',
  'pino',
  'thread-stream',
  'pdfkit',
  'pdf-lib',
  'esbuild',
  // Loaded on first use only (ADR 67): bundled, they would be parsed with the rest at start.
  '@aws-sdk/*',
  '@simplewebauthn/*',
  'nodemailer',
  'undici',
  'ioredis',
  'pg',
  'pg-native',
];

fs.rmSync('dist/server', { recursive: true, force: true });
await esbuild.build({
  entryPoints: ENTRY_POINTS,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // A module imported with import() becomes its own file, loaded only when it is asked for.
  splitting: true,
  target: 'node24',
  external: EXTERNAL,
  minifyWhitespace: true,
  minifySyntax: true,
  // Licence comments go to a .LEGAL.txt beside each file: one of them holds a non-ASCII letter, and a
  // source file that is not pure ASCII is kept by V8 as a two-byte string, twice its size (ADR 67).
  legalComments: 'external',
  tsconfig: 'tsconfig.server.json',
  sourcemap: true,
  logLevel: 'warning',
  outdir: 'dist/server',
  entryNames: '[name]',
  // Bundled CommonJS packages call require() and read __dirname: each file gets its own (bundle-banner.ts).
  banner: { js: BUNDLE_BANNER },
});
