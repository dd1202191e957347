import { defineConfig } from '@playwright/test';
import { browserProjects, chromiumLaunch } from './tests/e2e/browser-projects';
import {
  e2eBaseUrl,
  e2eDataDir,
  e2ePort,
  e2ePromoCode,
  e2eSmtpPort,
  e2eSupportEmail,
} from './tests/e2e/e2e-environment';

// End-to-end tests run against the production build (npm run test:e2e builds it first), served by the
// real server on its own port with a throwaway data directory, sending mail to a real SMTP server
// started by the global setup.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two browsers at once on two cores. Three saved about half a minute of seven on a quiet machine and
  // made timing-bound journeys fail more often on a loaded one (ADR 84).
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: e2eBaseUrl,
    // A failed journey keeps its trace: each action's DOM, network and console. Without the screencast,
    // which took about a quarter of the suite's CPU (ADR 84); the failure's own screenshot is kept.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: browserProjects,
  webServer: {
    command: 'node dist/server/main.js',
    url: `${e2eBaseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      APP_URL: e2eBaseUrl,
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: 'warn',
      SUPPORT_EMAIL: e2eSupportEmail,
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
      // Journeys sign in many times from one IP.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      MAGIC_LINKS_PER_EMAIL: '100',
      PROMO_CODES: e2ePromoCode,
      // The webhooks journey's receiver listens on 127.0.0.1, over http.
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      // The engagement score's refresh every second while a room is read (ADR 89), not every minute.
      ENGAGEMENT_REFRESH_MS: '1000',
    },
  },
});
