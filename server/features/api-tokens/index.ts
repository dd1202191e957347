// The public file of the api-tokens feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.

export { revokeApiTokensCreatedBy } from './api-tokens.repository';
export { apiTokensRoutes } from './api-tokens.routes';
export { resolveApiToken } from './api-tokens.service';
