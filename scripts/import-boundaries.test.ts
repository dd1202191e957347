import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * The import rules (.dependency-cruiser.cjs, .dependency-cruiser-features.cjs, ADR 64;
 * .dependency-cruiser-platform.cjs, ADR 82) run on a small tree with the project's paths and its
 * package.json "imports", into which each test plants one import:
 * the bad one must fail with the rule named, and the good one beside it must pass, so a rule that
 * matches nothing fails here too.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const { imports } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

// Files every planted tree starts with: two features with their public files, a platform folder, a web
// feature and shared code.
const BASE_TREE: Record<string, string> = {
  'server/config.ts': 'export const port = 3000;\n',
  'server/caches/epoch-cache.ts': 'export const epochs = new Map<string, number>();\n',
  'server/jobs/job-queue.ts':
    "import { epochs } from '#server/caches/epoch-cache';\nexport const queue = epochs;\n",
  'server/features/accounts/index.ts': "export { findUser } from './users.service';\n",
  'server/features/accounts/users.service.ts':
    "import { findUserRow } from './users.repository';\nexport const findUser = findUserRow;\n",
  'server/features/accounts/users.repository.ts': 'export function findUserRow(): number {\n  return 1;\n}\n',
  'server/features/accounts/accounts.routes.ts':
    "import { findUser } from './users.service';\nexport const accountsRoutes = [findUser];\n",
  'server/features/invitations/index.ts': "export { invite } from './invitations.service';\n",
  'server/features/invitations/invitations.service.ts': 'export function invite(): void {}\n',
  'server/app.ts':
    "import { findUser } from '#server/features/accounts/index';\nexport const app = findUser;\n",
  'shared/format.ts': 'export const format = (value: number) => String(value);\n',
  'web/lib/api-client.ts': "import { format } from '#shared/format';\nexport const client = format;\n",
  'web/features/admin/api/admin-keys.ts': "export const adminKeys = ['admin'];\n",
  'web/features/invitations/api/invitations-keys.ts': "export const invitationsKeys = ['invitations'];\n",
};

type Config = 'modules' | 'features' | 'platform';
const CONFIG_FILES: Record<Config, string> = {
  modules: '.dependency-cruiser.cjs',
  features: '.dependency-cruiser-features.cjs',
  platform: '.dependency-cruiser-platform.cjs',
};
const CRUISED: Record<Config, string[]> = {
  modules: ['server', 'web', 'shared'],
  features: ['server/features', 'web/features'],
  platform: ['server'],
};

let workRoot: string;
const options = {} as Record<Config, ICruiseOptions>;

beforeAll(async () => {
  workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'import-boundaries-'));
  for (const config of Object.keys(CONFIG_FILES) as Config[]) {
    options[config] = await extractDepcruiseOptions(path.join(ROOT, CONFIG_FILES[config]));
  }
});

afterAll(() => {
  fs.rmSync(workRoot, { recursive: true, force: true });
});

/** Writes the base tree plus `planted` into a fresh folder and returns the violations the rules find. */
async function violationsWith(planted: Record<string, string>, config: Config): Promise<IViolation[]> {
  const tree = fs.mkdtempSync(path.join(workRoot, 'tree-'));
  const files = { ...BASE_TREE, 'package.json': JSON.stringify({ type: 'module', imports }), ...planted };
  // Packages resolve from the project's node_modules, as they would in the project.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
  const result = await cruise(CRUISED[config], { ...options[config], baseDir: tree });
  if (typeof result.output === 'string') throw new Error('expected a cruise result, not a report');
  return result.output.summary.violations;
}

const ruleNames = (violations: IViolation[]) => [...new Set(violations.map((v) => v.rule.name))].sort();

interface PlantedImport {
  /** What a developer might write. */
  scenario: string;
  config?: Config;
  bad: Record<string, string>;
  good: Record<string, string>;
  /** Every rule the bad import breaks. */
  rules: string[];
}

const PLANTED: PlantedImport[] = [
  {
    scenario: 'a new subfolder inside a feature reaches into another feature',
    bad: {
      'server/features/invitations/links/link.service.ts':
        "import { findUserRow } from '#server/features/accounts/users.repository';\nexport const link = findUserRow;\n",
    },
    good: {
      'server/features/invitations/links/link.service.ts':
        "import { findUser } from '#server/features/accounts/index';\nexport const link = findUser;\n",
    },
    rules: ['feature-internals-from-another-feature'],
  },
  {
    scenario: 'a brand-new feature folder, listed nowhere, reaches into another feature',
    bad: {
      'server/features/brand-new/brand-new.service.ts':
        "import { findUser } from '#server/features/accounts/users.service';\nexport const fresh = findUser;\n",
    },
    good: {
      'server/features/brand-new/brand-new.service.ts':
        "import { findUser } from '#server/features/accounts/index';\nexport const fresh = findUser;\n",
    },
    rules: ['feature-internals-from-another-feature'],
  },
  {
    scenario: 'a deep relative path into another feature',
    bad: {
      'server/features/invitations/invitations.service.ts':
        "import { findUserRow } from '../../../server/features/accounts/users.repository';\nexport const invite = findUserRow;\n",
    },
    good: {
      'server/features/invitations/invitations.service.ts':
        "import { findUser } from '#server/features/accounts/index';\nexport const invite = findUser;\n",
    },
    rules: ['feature-internals-from-another-feature'],
  },
  {
    scenario: 'code outside the features (app.ts) reaches into a feature',
    bad: {
      'server/app.ts':
        "import { accountsRoutes } from '#server/features/accounts/accounts.routes';\nexport const app = accountsRoutes;\n",
    },
    good: {
      'server/app.ts':
        "import { findUser } from '#server/features/accounts/index';\nexport const app = findUser;\n",
    },
    rules: ['feature-internals-from-outside'],
  },
  {
    scenario: 'caches/ imports a repository',
    bad: {
      'server/caches/users-cache.ts':
        "import { findUserRow } from '#server/features/accounts/users.repository';\nexport const load = findUserRow;\n",
    },
    good: {
      'server/caches/users-cache.ts':
        "import { epochs } from './epoch-cache';\nexport const load = epochs;\n",
    },
    rules: ['cache-or-job-imports-repository', 'feature-internals-from-outside', 'platform-imports-feature'],
  },
  {
    scenario: 'jobs/ imports a repository',
    bad: {
      'server/jobs/cleanup.ts':
        "import { findUserRow } from '#server/features/accounts/users.repository';\nexport const cleanup = findUserRow;\n",
    },
    good: {
      'server/jobs/cleanup.ts': "import { queue } from './job-queue';\nexport const cleanup = queue;\n",
    },
    rules: ['cache-or-job-imports-repository', 'feature-internals-from-outside', 'platform-imports-feature'],
  },
  {
    scenario: 'a platform folder imports a feature, even through its public file',
    bad: {
      'server/plugins/auth.ts':
        "import type { findUser } from '#server/features/accounts/index';\nexport type Finder = typeof findUser;\n",
    },
    good: {
      'server/plugins/auth.ts':
        "import type { port } from '#server/config';\nexport type Port = typeof port;\n",
    },
    rules: ['platform-imports-feature'],
  },
  {
    scenario: 'a repository imports its service',
    bad: {
      'server/features/accounts/users.repository.ts':
        "import type { findUser } from './users.service';\nexport function findUserRow(): number {\n  return 1;\n}\nexport type Finder = typeof findUser;\n",
    },
    good: {},
    rules: ['no-cycle', 'repository-imports-service-or-routes'],
  },
  {
    scenario: 'a service imports a routes file',
    bad: {
      'server/features/invitations/invitations.service.ts':
        "import type { invitationsRoutes } from './invitations.routes';\nexport function invite(): void {}\nexport type Routes = typeof invitationsRoutes;\n",
      'server/features/invitations/invitations.routes.ts': 'export const invitationsRoutes = [];\n',
    },
    good: {
      'server/features/invitations/invitations.routes.ts':
        "import { invite } from './invitations.service';\nexport const invitationsRoutes = [invite];\n",
    },
    rules: ['service-imports-routes'],
  },
  {
    scenario: 'two platform files need each other through type-only imports',
    bad: {
      'server/db/rows.ts':
        "import type { Column } from './columns';\nexport interface Row {\n  column: Column;\n}\n",
      'server/db/columns.ts':
        "import type { Row } from './rows';\nexport interface Column {\n  row?: Row;\n}\n",
    },
    good: {
      'server/db/rows.ts':
        "import type { Column } from './columns';\nexport interface Row {\n  column: Column;\n}\n",
      'server/db/columns.ts': 'export interface Column {\n  name: string;\n}\n',
    },
    rules: ['no-cycle'],
  },
  {
    scenario: 'server code imports the web app, scripts and test support',
    bad: {
      'server/features/invitations/invitations.service.ts':
        "import { client } from '#web/lib/api-client';\nimport { seed } from '#scripts/seed';\nimport { makeUser } from '#tests/support/factories';\nexport const invite = [client, seed, makeUser];\n",
      'scripts/seed.ts': 'export const seed = 1;\n',
      'tests/support/factories.ts': 'export const makeUser = 1;\n',
    },
    good: {
      'server/features/invitations/invitations.api.test.ts':
        "import { makeUser } from '#tests/support/factories';\nimport { findUserRow } from '#server/features/accounts/users.repository';\nexport const cases = [makeUser, findUserRow];\n",
      'tests/support/factories.ts': 'export const makeUser = 1;\n',
    },
    rules: ['server-imports-scripts-or-bench', 'server-imports-tests', 'server-imports-web'],
  },
  {
    scenario: 'the web app imports the server and a Node built-in',
    bad: {
      'web/lib/format.ts':
        "import fs from 'node:fs';\nimport { port } from '#server/config';\nexport const format = [fs, port];\n",
    },
    good: {
      'web/lib/format.ts':
        "import { format as formatShared } from '#shared/format';\nexport const format = formatShared;\n",
    },
    rules: ['web-imports-node-builtin', 'web-imports-server-side'],
  },
  {
    scenario: 'shared/ imports the server and a Node built-in',
    bad: {
      'shared/contracts/rooms.ts':
        "import crypto from 'node:crypto';\nimport type { port } from '#server/config';\nexport type Port = typeof port;\nexport const id = crypto.randomUUID;\n",
    },
    good: {
      'shared/contracts/rooms.ts': "import { format } from '#shared/format';\nexport const id = format;\n",
    },
    rules: ['shared-imports-node-builtin', 'shared-imports-only-packages'],
  },
  {
    scenario: 'shared/ imports React',
    bad: {
      'shared/contracts/rooms.ts': "import { useState } from 'react';\nexport const id = useState;\n",
    },
    good: {
      'shared/contracts/rooms.ts': "import { z } from 'zod';\nexport const id = z.string();\n",
    },
    rules: ['shared-imports-react'],
  },
  {
    scenario: 'a server test file imports the end-to-end tests',
    bad: {
      'server/features/invitations/invitations.api.test.ts':
        "import { journey } from '#tests/e2e/fixtures';\nexport const cases = journey;\n",
      'tests/e2e/fixtures.ts': 'export const journey = 1;\n',
    },
    good: {
      'server/features/invitations/invitations.api.test.ts':
        "import { makeUser } from '#tests/support/factories';\nexport const cases = makeUser;\n",
      'tests/support/factories.ts': 'export const makeUser = 1;\n',
    },
    rules: ['server-test-imports-beyond-support'],
  },
  {
    scenario: 'a web feature imports the app layer that composes it',
    bad: {
      'web/features/admin/pages/admin-page.tsx':
        "import { routes } from '#web/app/route-table';\nexport const page = routes;\n",
      'web/app/route-table.tsx': 'export const routes = [];\n',
    },
    good: {
      'web/app/route-table.tsx':
        "import { adminKeys } from '#web/features/admin/api/admin-keys';\nexport const routes = adminKeys;\n",
    },
    rules: ['web-feature-imports-app'],
  },
  {
    scenario: "web/app reaches a feature's private file",
    bad: {
      'web/app/route-table.tsx':
        "import { adminKeys } from '#web/features/admin/admin-state';\nexport const routes = adminKeys;\n",
      'web/features/admin/admin-state.ts': 'export const adminKeys = 1;\n',
    },
    good: {
      'web/app/route-table.tsx':
        "import { adminKeys } from '#web/features/admin/api/admin-keys';\nexport const routes = adminKeys;\n",
    },
    rules: ['web-app-imports-feature-internals'],
  },
  {
    scenario: "a loop closed by a dynamic import() that warms a page's code is no cycle, a static one is",
    bad: {
      'web/features/admin/pages/admin-page.tsx':
        "import { Entry } from '#web/features/admin/components/entry';\nexport const page = Entry;\n",
      'web/features/admin/components/entry.tsx':
        "import { page } from '#web/features/admin/pages/admin-page';\nexport const Entry = () => page;\n",
    },
    good: {
      'web/features/admin/pages/admin-page.tsx':
        "import { Entry } from '#web/features/admin/components/entry';\nexport const page = Entry;\n",
      'web/features/admin/components/entry.tsx':
        "export const Entry = () => import('#web/features/admin/pages/admin-page');\n",
    },
    rules: ['no-cycle'],
  },
  {
    scenario: 'web/components imports a web feature',
    bad: {
      'web/components/app/app-header.tsx':
        "import { adminKeys } from '#web/features/admin/api/admin-keys';\nexport const keys = adminKeys;\n",
    },
    good: {
      'web/components/app/app-header.tsx':
        "import { client } from '#web/lib/api-client';\nexport const keys = client;\n",
    },
    rules: ['web-lib-or-components-imports-features'],
  },
  {
    scenario: "a web feature uses another feature's component",
    bad: {
      'web/features/admin/pages/admin-page.tsx':
        "import { InviteForm } from '#web/features/invitations/components/invite-form';\nexport const page = InviteForm;\n",
      'web/features/invitations/components/invite-form.tsx': 'export const InviteForm = 1;\n',
    },
    good: {
      'web/features/admin/pages/admin-page.tsx':
        "import { invitationsKeys } from '#web/features/invitations/api/invitations-keys';\nexport const page = invitationsKeys;\n",
    },
    rules: ['web-feature-internals'],
  },
  {
    scenario: 'two web features invalidate each other’s query keys',
    config: 'features',
    bad: {
      'web/features/admin/api/use-send-invitation.ts':
        "import { invitationsKeys } from '#web/features/invitations/api/invitations-keys';\nexport const keys = invitationsKeys;\n",
      'web/features/invitations/api/use-revoke.ts':
        "import { adminKeys } from '#web/features/admin/api/admin-keys';\nexport const keys = adminKeys;\n",
    },
    good: {
      'web/features/admin/api/use-send-invitation.ts':
        "import { invitationsKeys } from '#web/features/invitations/api/invitations-keys';\nexport const keys = invitationsKeys;\n",
    },
    rules: ['no-feature-cycle'],
  },
  {
    scenario: 'two server features use each other through their public files, no file in a cycle',
    config: 'features',
    bad: {
      'server/features/accounts/welcome.ts':
        "import { invite } from '#server/features/invitations/index';\nexport const welcome = invite;\n",
      'server/features/invitations/reminders.ts':
        "import { findUser } from '#server/features/accounts/index';\nexport const remind = findUser;\n",
    },
    good: {
      'server/features/invitations/reminders.ts':
        "import { findUser } from '#server/features/accounts/index';\nexport const remind = findUser;\n",
    },
    rules: ['no-feature-cycle'],
  },
  {
    scenario: 'two platform folders use each other, no file in a cycle',
    config: 'platform',
    bad: {
      'server/caches/queue-size.ts':
        "import { queue } from '#server/jobs/job-queue';\nexport const queueSize = () => queue.size;\n",
    },
    good: {
      'server/caches/queue-size.ts':
        "import { epochs } from './epoch-cache';\nexport const queueSize = () => epochs.size;\n",
    },
    rules: ['no-platform-folder-cycle'],
  },
  {
    scenario:
      'a platform folder takes its type from app-context.ts, which gathers it (type-only imports count)',
    config: 'platform',
    bad: {
      'server/app-context.ts':
        "import type { Mailer } from '#server/mail/mailer';\nexport interface AppContext {\n  mailer: Mailer;\n}\n",
      'server/mail/mailer.ts': 'export interface Mailer {\n  send(): void;\n}\n',
      'server/mail/deliver.ts':
        "import type { AppContext } from '#server/app-context';\nexport const deliver = (ctx: AppContext) => ctx.mailer.send();\n",
    },
    good: {
      'server/app-context.ts':
        "import type { Mailer } from '#server/mail/mailer';\nexport interface AppContext {\n  mailer: Mailer;\n}\n",
      'server/mail/mailer.ts': 'export interface Mailer {\n  send(): void;\n}\n',
      'server/mail/deliver.ts':
        "import type { Mailer } from './mailer';\nexport const deliver = (ctx: { mailer: Mailer }) => ctx.mailer.send();\n",
    },
    rules: ['platform-folder-imports-app-context'],
  },
  {
    scenario: 'config.ts takes a type from a platform folder that reads the config',
    config: 'platform',
    bad: {
      'server/config.ts':
        "import type { StorageKind } from '#server/storage/storage';\nexport const port = 3000;\nexport const kind: StorageKind = 'disk';\n",
      'server/storage/storage.ts':
        "import { port } from '#server/config';\nexport type StorageKind = 'disk' | 's3';\nexport const storagePort = port;\n",
    },
    good: {
      'server/storage/storage.ts':
        "import { port } from '#server/config';\nexport type StorageKind = 'disk' | 's3';\nexport const storagePort = port;\n",
    },
    rules: ['platform-root-file-imports-folder'],
  },
];

describe('a planted import against each allowed direction fails with its rule; the one beside it passes', () => {
  for (const planted of PLANTED) {
    test(planted.scenario, async () => {
      const config = planted.config ?? 'modules';
      expect(ruleNames(await violationsWith(planted.bad, config))).toEqual(planted.rules);
      expect(await violationsWith(planted.good, config)).toEqual([]);
    });
  }
});

test('the tree every planted import starts from passes every configuration', async () => {
  expect(await violationsWith({}, 'modules')).toEqual([]);
  expect(await violationsWith({}, 'features')).toEqual([]);
  expect(await violationsWith({}, 'platform')).toEqual([]);
});
