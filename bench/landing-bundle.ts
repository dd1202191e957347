import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { type BudgetRow, kb } from './report';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const LANDING_SOURCE = 'features/landing/pages/landing-page.tsx';
const BUDGET_BYTES = 100 * 1024;

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;

/** The chunk and every chunk it statically imports: what the browser must load before it runs. */
function withStaticImports(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, seen);
  return seen;
}

/** A hello-world of the same React, bundled and minified the same way: the floor any React page pays. */
async function reactHelloWorldGzip(): Promise<number> {
  const result = await build({
    stdin: {
      contents:
        "import { createRoot } from 'react-dom/client'; import { createElement } from 'react';\ncreateRoot(document.body).render(createElement('p', null, 'hello'));",
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return zlib.gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array()).length;
}

export async function measureLandingBundle(webRoot: string): Promise<BudgetRow> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry');
  const files = withStaticImports(manifest, entryKey);
  withStaticImports(manifest, LANDING_SOURCE, files);
  const total = [...files]
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSize(path.join(webRoot, file)), 0);
  const baseline = await reactHelloWorldGzip();
  return {
    budget: 'landing initial JS <= 100 KB gzip',
    measured: kb(total),
    baseline: `${kb(baseline)} (React hello world)`,
    pass: total <= BUDGET_BYTES,
  };
}
