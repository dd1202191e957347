// The public file of the exports feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.

// neutraliseFormula: the exports' rule for text a spreadsheet could run, also the MCP server's (ADR 91).
export { type CsvCell, csvText, neutraliseFormula } from './csv-output';
export { exportsRoutes } from './exports.routes';
