import { apiRoute } from './api-route';

/**
 * The API's own description, OpenAPI 3.1, generated from the route schemas (docs/decisions/0051-api-tokens-and-openapi.md).
 * A file of its own, without zod: the API reference page loads this and no contract
 * (docs/decisions/0065-query-keys-and-api-routes.md).
 */
export const openApiRoutes = {
  document: apiRoute('GET', '/api/openapi.json'),
};
