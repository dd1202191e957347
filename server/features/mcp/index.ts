/**
 * The MCP server's public file: its route, which app.ts registers (docs/decisions/0091-mcp-server.md).
 * Everything else in this folder is private to it (docs/decisions/0064-import-boundaries-by-path.md).
 */

export { mcpServerRoutes } from './mcp.routes';
