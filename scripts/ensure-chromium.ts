import { CHROMIUM_PATH } from '#tests/support/chromium';
import { ensureDebianPackages } from './debian-packages';

// Browser tests drive Debian's Chromium; Playwright's own browser downloads cannot work here.
ensureDebianPackages([{ name: 'chromium', provides: CHROMIUM_PATH }]);
