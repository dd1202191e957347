// Cycles between whole features (server/features/<name>, web/features/<name>), which no single file shows:
// feature A's files use B and B's files use A. Checked over the features' own code alone, because every
// folder above them (server/, with app.ts composing every feature) and the tests that reach across them
// would close a cycle through every feature. `npm run lint` runs it after .dependency-cruiser.cjs, whose
// options it shares (docs/decisions/0064-import-boundaries-by-path.md).
const { options } = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'These two features depend on each other (the cycle is listed folder by folder): features depend one way. Move what both need down (a platform folder, shared/, web/lib or web/components) or into the feature the arrow points to.',
      from: { path: '^((?:server|web)/features/[^/]+)' },
      to: { circular: true, pathNot: '^$1(/|$)' },
    },
  ],
  options: {
    ...options,
    includeOnly: '^(server|web)/features/',
    exclude: { path: '(\\.test\\.tsx?$|[.-]fixture\\.ts$)' },
  },
};
