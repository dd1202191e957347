import { createRequire } from 'node:module';
import type pg from 'pg';

const require = createRequire(import.meta.url);

/**
 * node-postgres, required on first use rather than imported: a server on SQLite never loads it, and its
 * modules are heap an idle server would hold for nothing (docs/decisions/0067).
 */
export function pgDriver(): typeof pg {
  // require keeps the module it loaded: every call after the first answers from its cache.
  return require('pg') as typeof pg;
}
