// Which way the code may depend, stated once, by path pattern: a new folder or feature is covered by the
// rule for its kind without an edit here. `npm run lint` runs it (docs/decisions/0064-import-boundaries-by-path.md
// holds the table); scripts/import-boundaries.test.ts plants a bad import against each rule. Cycles between
// whole features are checked by .dependency-cruiser-features.cjs, over the features alone, and cycles
// between platform folders by .dependency-cruiser-platform.cjs, over the platform alone.
//
// Test code is exempt from the rules about a module's internals and layers (not from cycles, nor from the
// rules that keep the browser and the server apart): a test may reach the file it tests, and tests/ (its
// support code included) may use any of the server. TEST matches every test and test-support file.
const TEST = '(^tests/|\\.test\\.tsx?$|\\.spec\\.ts$|[.-]fixture\\.ts$)';

// A feature's public file: the one file of server/features/<name>/ that anything outside it may import.
const PUBLIC_FILE = '^server/features/[^/]+/index\\.ts$';

// A feature's table declarations (docs/decisions/0085-modules-own-their-tables.md): types only, read by
// server/db/schema.ts alone, which composes every module's tables into the database.
const TABLES_FILE = '^server/features/[^/]+/[^/]+\\.tables\\.ts$';
const SCHEMA = '^server/db/schema\\.ts$';

// The platform: everything in server/ but the features and the composition root (app.ts builds the app
// from the features, main.ts runs it).
const PLATFORM = '^server/(?!features/|app\\.ts$|main\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'This import closes a cycle (type-only imports count): two files that need each other cannot be read, tested or moved apart. Move what both need into a file that both import, or pass it in (docs/decisions/0064-import-boundaries-by-path.md).',
      from: {},
      // A dynamic import() that only warms code for later (the next page's chunk) does not load it with the
      // importer, so a loop closed by one is not a cycle of the module graph.
      to: {
        circular: true,
        dependencyTypesNot: ['dynamic-import'],
        viaOnly: { dependencyTypesNot: ['dynamic-import'] },
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'This import resolves to no file, so no other rule can check it: fix the path (a subpath import names the file, without its extension).',
      from: {},
      to: { couldNotResolve: true, pathNot: '\\?(url|raw|inline)$' },
    },
    {
      name: 'shared-imports-only-packages',
      severity: 'error',
      comment:
        'shared/ runs in the browser and on the server: it imports shared/ and packages only, never server/, web/, tests/, scripts/ or bench/.',
      from: { path: '^shared/' },
      to: { path: '^(server|web|tests|scripts|bench)/' },
    },
    {
      name: 'shared-imports-node-builtin',
      severity: 'error',
      comment:
        'shared/ is isomorphic: it imports no Node built-in (the browser has none). Keep the code that needs one in server/.',
      from: { path: '^shared/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-imports-react',
      severity: 'error',
      comment:
        'shared/ is isomorphic: it imports no React (the server renders none). Keep components in web/.',
      from: { path: '^shared/' },
      to: { path: '(^|/)node_modules/(react|react-dom)/' },
    },
    {
      name: 'web-imports-server-side',
      severity: 'error',
      comment:
        'The web app runs in the browser: it imports web/ and shared/ (and packages), never server/, scripts/, bench/ or tests/. Share code through shared/.',
      from: { path: '^web/' },
      to: { path: '^(server|scripts|bench|tests)/' },
    },
    {
      name: 'web-imports-node-builtin',
      severity: 'error',
      comment: 'The web app runs in the browser, which has no Node built-ins.',
      from: { path: '^web/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-lib-or-components-imports-features',
      severity: 'error',
      comment:
        'web/lib and web/components sit below the features: they never import web/features or web/app. Pass what they need in as props or arguments, or move the piece to the feature or to web/app, which composes features.',
      from: { path: '^web/(lib|components)/', pathNot: TEST },
      to: { path: '^web/(features|app)/' },
    },
    {
      name: 'web-feature-imports-app',
      severity: 'error',
      comment:
        'web/app composes the features (routes, providers, layouts): a feature never imports it. Move what the feature needs into the feature, web/components or web/lib.',
      from: { path: '^web/features/', pathNot: TEST },
      to: { path: '^web/app/' },
    },
    {
      name: 'web-feature-internals',
      severity: 'error',
      comment:
        "A web feature uses another only through its api/ folder (hooks and calls; auth's RequireSession guard is the one other export): its components, pages and other files are its own. web/app composes features (docs/decisions/0033-web-feature-boundaries-and-query-keys.md).",
      from: { path: '^web/features/([^/]+)/', pathNot: TEST },
      to: {
        path: '^web/features/',
        pathNot: [
          '^web/features/$1/',
          '^web/features/[^/]+/api/',
          '^web/features/auth/components/require-session\\.tsx$',
        ],
      },
    },
    {
      name: 'web-app-imports-feature-internals',
      severity: 'error',
      comment:
        'web/app composes features through what they expose: api/, pages/ and components/ (and the sections draft and the session store).',
      from: { path: '^web/app/', pathNot: TEST },
      to: {
        path: '^web/features/',
        pathNot: [
          '^web/features/[^/]+/(api|pages|components)/',
          '^web/features/sections/sections-draft\\.tsx?$',
          '^web/features/auth/session-store\\.tsx?$',
        ],
      },
    },
    {
      name: 'server-imports-web',
      severity: 'error',
      comment: 'The server never imports the web app: share code through shared/.',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'server-imports-scripts-or-bench',
      severity: 'error',
      comment:
        'The server never imports scripts/ or bench/: they use the server, not the other way. Move what both need into server/ (or shared/).',
      from: { path: '^server/' },
      to: { path: '^(scripts|bench)/' },
    },
    {
      name: 'server-imports-tests',
      severity: 'error',
      comment: "The server's own code never imports tests/ (test files beside it may import tests/support).",
      from: { path: '^server/', pathNot: TEST },
      to: { path: '^tests/' },
    },
    {
      name: 'server-test-imports-beyond-support',
      severity: 'error',
      comment: 'A test file beside the server code may import tests/support, not the other test trees.',
      from: { path: '^server/' },
      to: { path: '^tests/', pathNot: '^tests/support/' },
    },
    {
      name: 'platform-imports-feature',
      severity: 'error',
      comment:
        'Platform code (server/db, caches, jobs, mail, storage, security, plugins, parsing, workers, operations, config.ts, durations.ts...) never imports a feature: features build on it. Declare the interface the platform needs here and let app.ts pass the implementation (docs/decisions/0035-server-features-and-their-public-files.md).',
      from: { path: PLATFORM, pathNot: [TEST, SCHEMA] },
      to: { path: '^server/features/' },
    },
    {
      name: 'schema-imports-beyond-tables',
      severity: 'error',
      comment:
        "server/db/schema.ts composes the modules' tables: of a feature it reads the <name>.tables.ts files only (docs/decisions/0085-modules-own-their-tables.md).",
      from: { path: SCHEMA },
      to: { path: '^server/features/', pathNot: TABLES_FILE },
    },
    {
      name: 'tables-file-imports-feature',
      severity: 'error',
      comment:
        "A module's <name>.tables.ts declares its tables and nothing else: it imports the column types and shared/ contracts, never a feature's code (schema.ts reads it, so an import here would close a cycle through the database).",
      from: { path: TABLES_FILE },
      to: { path: '^server/(features/|(?!db/column-types\\.ts$))' },
    },
    {
      name: 'feature-internals-from-another-feature',
      severity: 'error',
      comment:
        'A feature uses another only through its public file, server/features/<name>/index.ts: everything else in that folder is private to it. Export what you need from that index.ts (test files excepted).',
      from: { path: '^server/features/([^/]+)/', pathNot: TEST },
      to: { path: '^server/features/', pathNot: ['^server/features/$1/', PUBLIC_FILE] },
    },
    {
      name: 'feature-internals-from-outside',
      severity: 'error',
      comment:
        'Outside a feature (app.ts, scripts/, bench/), use it only through its public file, server/features/<name>/index.ts: everything else in that folder is private to it (test files excepted).',
      from: { pathNot: ['^server/features/', TEST, SCHEMA] },
      to: { path: '^server/features/[^/]+/', pathNot: PUBLIC_FILE },
    },
    {
      name: 'repository-imports-service-or-routes',
      severity: 'error',
      comment:
        'A repository holds queries and sits below the service and the routes: it imports neither. Move the rule it needs into the service that calls it.',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.(service|routes)\\.ts$' },
    },
    {
      name: 'service-imports-routes',
      severity: 'error',
      comment:
        'A service holds the rules and sits below the routes: it never imports a routes file. Move what both need into the service (or a file beside it).',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'cache-or-job-imports-repository',
      severity: 'error',
      comment:
        "caches/ and jobs/ are generic machinery: they never import a repository. A cache's loader or a job's handler belongs to the feature that owns the data, which hands it to the machinery.",
      from: { path: '^server/(caches|jobs)/' },
      to: { path: '\\.repository\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // swc parses TypeScript and keeps type-only imports (`import type`, `import { type X }`), so they count
    // like any other import, cycles included. The tsc parser (and tsPreCompilationDeps) needs TypeScript's
    // JavaScript API, which TypeScript 7, the native compiler, no longer has.
    parser: 'swc',
    // Subpath imports (#server/..., #web/..., #shared/...) resolve through package.json "imports", as Node
    // resolves them; the extensions are the ones TypeScript and esbuild add to an import without one.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
