/**
 * The system Chromium (Debian's package) that every browser test and screenshot drives. Playwright never
 * downloads a browser here; scripts/ensure-chromium.ts installs this one.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that keep Chromium quiet and working on a closed network, as root, without a GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
