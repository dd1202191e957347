import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

// End-to-end tests run against the production build (npm run test:e2e builds it first), served by the
// real server on its own port with a throwaway data directory.
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one directory per run

export const e2eSupportEmail = 'help@roundroom.test';
/** The one promo code the e2e server accepts; it lives only in the server's environment. */
export const e2ePromoCode = 'E2E-FREE-2026';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      // Journeys run once on desktop; the phone project checks layout-sensitive pages.
      grep: /@phone/,
    },
  ],
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SUPPORT_EMAIL: e2eSupportEmail,
      PROMO_CODES: e2ePromoCode,
    },
  },
});
