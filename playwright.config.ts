import { defineConfig, devices } from '@playwright/test';
import {
  e2eBaseUrl,
  e2eDataDir,
  e2ePort,
  e2ePromoCode,
  e2eSmtpPort,
  e2eSupportEmail,
} from './tests/e2e/e2e-environment';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

// End-to-end tests run against the production build (npm run test:e2e builds it first), served by the
// real server on its own port with a throwaway data directory, sending mail to a real SMTP server
// started by the global setup.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: e2eBaseUrl,
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
    },
  },
});
