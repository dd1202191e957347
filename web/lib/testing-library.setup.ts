import { configure } from '@testing-library/react';

// findBy and waitFor give up after one second by default: a toast leaving or a mocked answer arriving
// has taken longer on a loaded two-core machine. A wait here catches a page that never gets there; it
// measures nothing, so it may be generous.
configure({ asyncUtilTimeout: 5_000 });
