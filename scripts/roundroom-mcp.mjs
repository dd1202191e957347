#!/usr/bin/env node
// `npx roundroom-mcp`: Roundroom's MCP server for a desktop assistant, on stdio (README, "Connect an
// assistant"; docs/decisions/0091-mcp-server.md). It bridges to the server's own MCP endpoint, with the
// server's address in ROUNDROOM_URL and an API token in ROUNDROOM_API_TOKEN.
//
// Plain JavaScript that loads the TypeScript bridge through tsx (a dependency of every install of this
// repository), so it runs from a clean clone with no build, from any working directory, and writes nothing
// on stdout but the protocol's messages.
import { register } from 'tsx/esm/api';

register();
const { bridgeSettingsOf, runStdioBridge } = await import('./mcp-stdio-bridge.ts');
const settings = bridgeSettingsOf(process.env);
if ('problem' in settings) {
  console.error(settings.problem);
  process.exit(1);
}
await runStdioBridge(settings, (line) => console.error(line));
