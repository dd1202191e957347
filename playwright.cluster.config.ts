import { defineConfig } from '@playwright/test';
import { browserProjects, chromiumLaunch } from './tests/e2e/browser-projects';

// The end-to-end journeys (founder, investor, viewer, admin) against two nodes behind nginx. Run by
// tests/cluster/cluster.test.ts (npm run test:cluster), which starts the cluster and its SMTP server
// and hands them over: ROUNDROOM_CLUSTER_URL is nginx, E2E_MAIL_DIR where the mail is written.
const clusterUrl = process.env.ROUNDROOM_CLUSTER_URL;
if (!clusterUrl || !process.env.E2E_MAIL_DIR)
  throw new Error(
    'playwright.cluster.config.ts runs inside npm run test:cluster, which sets ROUNDROOM_CLUSTER_URL and E2E_MAIL_DIR',
  );

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: ['journey.spec.ts', 'data-room.spec.ts', 'viewer.spec.ts', 'admin.spec.ts'],
  outputDir: 'test-results/cluster',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Two nodes, PostgreSQL and nginx share the two cores with the browsers: the longest journey (the
  // admin dashboard's) takes about 30 s here, its limit in the one-node run.
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: clusterUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  // Desktop only: what the cluster adds is two nodes behind nginx, not a layout; the one-node run checks
  // the phone.
  projects: browserProjects?.filter((project) => project.name === 'desktop'),
});
