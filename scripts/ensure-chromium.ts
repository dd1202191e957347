import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH } from '../tests/support/chromium';

// Browser tests drive Debian's Chromium; Playwright's own browser downloads cannot work here.
if (fs.existsSync(CHROMIUM_PATH)) process.exit(0);

const installCommand = 'apt-get update && apt-get install -y chromium';
if (process.getuid?.() !== 0) {
  console.error(
    `Chromium is missing at ${CHROMIUM_PATH}. Install it with:\n  sudo sh -c '${installCommand}'`,
  );
  process.exit(1);
}
console.log(`Chromium is missing: running ${installCommand}`);
execFileSync('sh', ['-c', `${installCommand} >/dev/null`], {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
  process.exit(1);
}
