/** The Node major the project runs on (docs/decisions/0025-node-runtime.md). */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * The one line the server prints before refusing to start on an older Node, or undefined when this Node
 * will do. Checked first thing in main(), before the database (and its native addon) is opened.
 */
export function unsupportedNodeMessage(version: string, execPath: string): string | undefined {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return `Roundroom needs Node ${REQUIRED_NODE_MAJOR} or newer, not ${version} (${execPath}): start it with npm start, which uses the Node 24 that npm install brings, or with node_modules/.bin/node.`;
}
