// The public file of the exports feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.

export { type CsvCell, csvText } from './csv-output';
// The exports' rule for text a spreadsheet could run, for the MCP server's text answers (ADR 91).
export { neutraliseFormula } from './csv-output';
export { exportsRoutes } from './exports.routes';
