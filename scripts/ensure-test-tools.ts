import { DOCUMENT_TOOLS, ensureDebianPackages, TEST_SERVICES } from './debian-packages';

/** Run before the API tests: the server's document tools and the servers the tests start (one apt-get). */
ensureDebianPackages([...DOCUMENT_TOOLS, ...TEST_SERVICES], { withoutRecommends: true });
