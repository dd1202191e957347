import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root, from this file's place in it (server/workers/ in source, dist/server/ built). */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/roundroom/', import.meta.url));

/**
 * The file a worker thread or child process runs, for the entry `name` (e.g. 'sections-parse.worker')
 * whose source sits at `sourceUrl`. Built (npm run build), it is beside the server's bundle in
 * dist/server, where every entry is emitted flat. Run from source (development, tests), the entry is
 * bundled on first use with esbuild, a development dependency: a worker thread or a child does not
 * inherit tsx's loader on every Node version. The bundle goes inside the project (node_modules/.cache),
 * so its imports resolve from the project's node_modules.
 */
export function entryFile(name: string, sourceUrl: URL): Promise<string> {
  let file = entryFiles.get(name);
  if (!file) {
    file = cachedUntilRejected(() => bundledEntryFile(name, sourceUrl));
    entryFiles.set(name, file);
  }
  return file();
}

const entryFiles = new Map<string, () => Promise<string>>();

/**
 * `make`'s promise, made once and shared by every caller; a rejected one is forgotten, so a failure
 * (esbuild failing on a transient error) is tried again by the next caller instead of failing them all.
 */
export function cachedUntilRejected<T>(make: () => Promise<T>): () => Promise<T> {
  let cached: Promise<T> | undefined;
  return () => {
    cached ??= make().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

async function bundledEntryFile(name: string, sourceUrl: URL): Promise<string> {
  const built = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  if (fs.existsSync(built)) return built;
  const outfile = path.join(CACHE_DIR, `${name}.js`);
  const esbuild = await import('esbuild');
  const { outputFiles } = await esbuild.build({
    entryPoints: { [name]: fileURLToPath(sourceUrl) },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    // Split as the build splits (scripts/build-server.ts): what the entry loads with import() (a
    // workbook's reader, in the preparation's child) and its packages stay out of every start.
    splitting: true,
    // The subpath imports (#server/...) name files without extensions: tsconfig's paths resolve them.
    tsconfig: fileURLToPath(new URL('../../tsconfig.server.json', import.meta.url)),
    outdir: CACHE_DIR,
    write: false,
    logLevel: 'warning',
  });
  // Each file written beside its place, then renamed over it: test files run in parallel processes, and
  // none may load another's bundle half-written. Chunks are named by their content, so one written by
  // another process is the same; the entry, which imports them, goes last.
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const entryLast = [...outputFiles].sort((a, b) => Number(a.path === outfile) - Number(b.path === outfile));
  for (const file of entryLast) {
    const written = `${file.path}.${process.pid}`;
    fs.writeFileSync(written, file.contents);
    fs.renameSync(written, file.path);
  }
  return outfile;
}
