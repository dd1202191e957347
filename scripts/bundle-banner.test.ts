import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { BUNDLE_BANNER } from './bundle-banner';

test('a bundled file has require, __dirname and __filename of its own place', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-banner-'));
  try {
    const file = path.join(dir, 'main.js');
    // As a bundled CommonJS package would use them.
    fs.writeFileSync(
      file,
      `${BUNDLE_BANNER}\nexport const seen = { dir: __dirname, file: __filename, path: require('node:path').sep };\n`,
    );
    fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
    const { seen } = await import(pathToFileURL(file).href);
    expect(seen).toEqual({ dir, file, path: path.sep });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
