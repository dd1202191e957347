import fs from 'node:fs';
import path from 'node:path';
import type { ServedPageName } from '#shared/routes';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const PROVIDERS = 'app/layouts/app-providers-layout.tsx';
const SIGNED_IN = 'app/layouts/protected-layout.tsx';

/**
 * The modules web/app/route-table.tsx loads for each of a reader's pages, as the build's manifest names
 * them (paths under web/). Without them in the HTML the browser learns of each chunk only once the one
 * before it has run: three waves of requests on a phone's 150 ms round trips. The investor's pages only:
 * the console is loaded once a founder is in and fetches as it did. (A unit test checks each module
 * exists and is the route table's.)
 */
export const READER_PAGE_MODULES: Partial<Record<ServedPageName, readonly string[]>> = {
  dataRoom: [PROVIDERS, 'app/pages/data-room-page.tsx'],
  dataRoomById: [PROVIDERS, SIGNED_IN, 'app/pages/data-room-by-id-page.tsx'],
  sectionInRoom: [PROVIDERS, SIGNED_IN, 'app/pages/data-room-by-id-page.tsx'],
  documentInRoom: [PROVIDERS, SIGNED_IN, 'app/pages/document-in-room-page.tsx'],
  roomQuestions: [PROVIDERS, SIGNED_IN, 'app/pages/room-questions-page.tsx'],
  investorDashboard: [PROVIDERS, SIGNED_IN, 'features/investor-dashboard/pages/investor-dashboard-page.tsx'],
  shareLink: [PROVIDERS, 'app/pages/share-link-page.tsx'],
  login: [PROVIDERS, 'features/auth/pages/login-page.tsx'],
  verify: [PROVIDERS, 'features/auth/pages/verify-page.tsx'],
};

/** Each reader's page's `<link rel=modulepreload>` tags, from the built manifest. */
export function readerPagePreloads(webRoot: string): Map<ServedPageName, string> {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const preloads = new Map<ServedPageName, string>();
  if (!fs.existsSync(manifestFile)) return preloads;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryFiles = new Set(staticClosure(manifest, ['index.html']).map((chunk) => chunk.file));
  for (const [page, modules] of Object.entries(READER_PAGE_MODULES) as [ServedPageName, string[]][]) {
    const chunks = staticClosure(
      manifest,
      modules.map((module) => chunkKeyOf(manifest, module)),
    ).filter((chunk) => !entryFiles.has(chunk.file));
    preloads.set(
      page,
      chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`).join(''),
    );
  }
  return preloads;
}

/**
 * The manifest's key for a module the route table imports: its path, or, where the bundler merged it
 * into a chunk it shares with other modules, the chunk of its name that the route table imports.
 */
function chunkKeyOf(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = path.basename(module, path.extname(module));
  const imported = Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []);
  const merged = imported.find((key) => manifest[key]?.name === name);
  if (!merged) throw new Error(`the web build's manifest has no ${module}: rebuild with npm run build`);
  return merged;
}

/** The chunks of `keys` and every chunk they import statically, each once. */
function staticClosure(manifest: Manifest, keys: readonly string[]): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the web build's manifest has no ${key}: rebuild with npm run build`);
    if (seen.has(key)) return;
    seen.set(key, chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen.values()];
}
