// Cycles between the platform's folders (server/db, caches, jobs, mail, storage, security, plugins,
// parsing, workers, operations, webhooks...) and its root files (app-context.ts, config.ts...), which no
// single file shows: db's files use caches and caches' files use db. Checked over the platform's own code
// alone, because the tests beside it reach back through tests/support and app.ts into every folder, and
// would close a cycle through each. `npm run lint` runs it after .dependency-cruiser.cjs, whose options it
// shares (docs/decisions/0082-features-own-their-mails.md).
//
// dependency-cruiser's folders hold the root files in `server`, which counts no dependency inside itself,
// so app-context.ts and config.ts are kept out of cycles by two rules of direction instead: app-context.ts
// gathers the platform for the features and no platform folder imports it; the other root files (config,
// durations) sit under every folder and import none.
const { options } = require('./.dependency-cruiser.cjs');

// A platform folder: any folder of server/ but the features, so a new one is covered without an edit here.
const PLATFORM_FOLDER = '^server/(?!features(/|$))[^/]+';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-platform-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'These two platform folders depend on each other (the cycle is listed folder by folder): the platform depends one way. Move what both need into the folder the arrow points to, or pass it in as a parameter (docs/decisions/0082-features-own-their-mails.md).',
      from: { path: `(${PLATFORM_FOLDER})$` },
      to: { circular: true, pathNot: '^$1(/|$)' },
    },
    {
      name: 'platform-folder-imports-app-context',
      severity: 'error',
      comment:
        "app-context.ts gathers the platform's pieces for the features, so a platform folder that imports it closes a cycle: take the piece you need (the mailer, the logger) as a parameter instead.",
      from: { path: `${PLATFORM_FOLDER}/` },
      to: { path: '^server/app-context\\.ts$' },
    },
    {
      name: 'platform-root-file-imports-folder',
      severity: 'error',
      comment:
        'config.ts and the other root files of server/ sit under every platform folder, which imports them: one that imports a folder closes a cycle. Move what it needs into the root file, or the other way.',
      from: { path: '^server/[^/]+\\.ts$', pathNot: '^server/(app-context|app|main)\\.ts$' },
      to: { path: `${PLATFORM_FOLDER}/` },
    },
  ],
  options: {
    ...options,
    includeOnly: '^server/(?!features/|app\\.ts$|main\\.ts$)',
    exclude: { path: '(\\.test\\.tsx?$|[.-]fixture\\.ts$)' },
  },
};
