import { DOCUMENT_TOOLS, ensureDebianPackages } from './debian-packages';

/** Run before the server starts (npm start, npm run dev), so a clean machine gets them the way it gets Chromium. */
ensureDebianPackages(DOCUMENT_TOOLS, { withoutRecommends: true });
