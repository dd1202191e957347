// The public file of the reading-analytics feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.
export { firmsOfAddresses } from './firms';
export { listReadingInWindow } from './reading-analytics.digests';
export {
  listReaderPagesInRoom,
  listReadersSeenSince,
  listReadingDaysInRoom,
} from './reading-analytics.engagement';
export {
  countPagesByDocumentAndReader,
  findReadingTimesOfViews,
  type ReadingViewsScope,
  sumViewsByDocumentAndReader,
  type ViewedEvent,
  viewKey,
} from './reading-analytics.exports';
export { readingAnalyticsRoutes } from './reading-analytics.routes';
export { versionReadersOfViews } from './version-readers';
