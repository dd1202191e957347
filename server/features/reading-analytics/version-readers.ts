import type { VersionReaders } from '#server/features/versions/index';
import { readsOfDocumentByVersion } from './reading-analytics.repository';

/** The versions module's VersionReaders, answered from this module's views; app.ts wires it in. */
export const versionReadersOfViews: VersionReaders = { readsByVersion: readsOfDocumentByVersion };
