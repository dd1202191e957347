import { describe, expect, test } from 'vitest';
import { REQUIRED_NODE_MAJOR, unsupportedNodeMessage } from './node-version';

describe('the Node version check at start', () => {
  test('Node 20 is refused with one line naming the version, the binary and the way out', () => {
    const message = unsupportedNodeMessage('20.20.2', '/usr/bin/node');
    expect(message).toContain('needs Node 24');
    expect(message).toContain('20.20.2');
    expect(message).toContain('/usr/bin/node');
    expect(message).toContain('npm start');
    expect(message).not.toContain('\n');
  });

  test('Node 22 is refused too: the project is tested on 24 only', () => {
    expect(unsupportedNodeMessage('v22.12.0', '/opt/node/bin/node')).toBeDefined();
  });

  test(`Node ${REQUIRED_NODE_MAJOR} and newer start`, () => {
    expect(unsupportedNodeMessage('24.0.0', '/x/node')).toBeUndefined();
    expect(unsupportedNodeMessage('24.21.0', '/x/node')).toBeUndefined();
    expect(unsupportedNodeMessage('26.1.0', '/x/node')).toBeUndefined();
  });

  test('the test run itself is on the required Node', () => {
    expect(unsupportedNodeMessage(process.versions.node, process.execPath)).toBeUndefined();
  });
});
