// The public file of the exports feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.

export { type CsvCell, csvText } from './csv-output';
export { exportsRoutes } from './exports.routes';
