/**
 * What each bundled file of dist/server starts with (scripts/build-server.ts). Bundled CommonJS packages
 * call require() and read __dirname and __filename: an ES module has none of them, so each file gets its
 * own, resolving from its place in dist/server like any file of the project.
 */
export const BUNDLE_BANNER = [
  "import { createRequire as createRequireOfBundle } from 'node:module';",
  "import { dirname as dirnameOfBundle } from 'node:path';",
  "import { fileURLToPath as fileURLToPathOfBundle } from 'node:url';",
  'const require = createRequireOfBundle(import.meta.url);',
  'const __filename = fileURLToPathOfBundle(import.meta.url);',
  'const __dirname = dirnameOfBundle(__filename);',
].join(' ');
