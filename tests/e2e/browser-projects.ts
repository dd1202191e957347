import { devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/support/chromium';

/** Debian's Chromium, for both Playwright configurations (one node, and the cluster behind nginx). */
export const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** A desktop and a 390 px phone; journeys run once on desktop, the phone checks layout-sensitive pages. */
export const browserProjects: PlaywrightTestConfig['projects'] = [
  { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
    grep: /@phone/,
  },
];
