import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ConfigError, parseConfig } from '#server/config';
import { loadShareLinkKeys, openToken, sealToken } from './sealed-tokens';

// Share links' addresses kept sealed (docs/decisions/0076-share-link-addresses-kept-sealed.md).

const directories: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});
const dataDir = () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-keys-'));
  directories.push(directory);
  return directory;
};
const noWarning = (warning: string) => {
  throw new Error(`unexpected warning: ${warning}`);
};
const keysFor = (environment: Record<string, string>) =>
  loadShareLinkKeys(parseConfig({ DATA_DIR: dataDir(), ...environment }), noWarning);
const keyText = () => crypto.randomBytes(32).toString('base64');

describe('sealing', () => {
  test('opens what it sealed, for the row it was sealed for only', () => {
    const keys = keysFor({ SHARE_LINK_KEY: keyText() });
    const sealed = sealToken(keys, 'the-token', 'link-1');
    expect(sealed.sealed).not.toContain('the-token');
    expect(sealToken(keys, 'the-token', 'link-1').sealed).not.toBe(sealed.sealed);
    expect(openToken(keys, sealed, 'link-1')).toEqual({ token: 'the-token', isCurrent: true });
    expect(openToken(keys, sealed, 'link-2')).toBeNull();
    const flipped = Buffer.from(sealed.sealed, 'base64url');
    flipped[14] = (flipped[14] ?? 0) ^ 1;
    expect(openToken(keys, { ...sealed, sealed: flipped.toString('base64url') }, 'link-1')).toBeNull();
  });

  test('an old key still opens what it sealed, and says it is not the current one; a dropped key opens nothing', () => {
    const [before, after] = [keyText(), keyText()];
    const sealed = sealToken(keysFor({ SHARE_LINK_KEY: before }), 'the-token', 'link-1');
    const rotated = keysFor({ SHARE_LINK_KEY: after, SHARE_LINK_OLD_KEYS: before });
    expect(openToken(rotated, sealed, 'link-1')).toEqual({ token: 'the-token', isCurrent: false });
    expect(openToken(keysFor({ SHARE_LINK_KEY: after }), sealed, 'link-1')).toBeNull();
  });
});

describe('where the key comes from', () => {
  test('one node without SHARE_LINK_KEY makes one in DATA_DIR once, readable by its owner only', () => {
    const directory = dataDir();
    const first = loadShareLinkKeys(parseConfig({ DATA_DIR: directory }), noWarning);
    const again = loadShareLinkKeys(parseConfig({ DATA_DIR: directory }), noWarning);
    expect(again.current).toEqual(first.current);
    const file = path.join(directory, 'share-link.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(directory)).toEqual(['share-link.key']);
  });

  test('several nodes (REDIS_URL or S3_BUCKET set) refuse to start without SHARE_LINK_KEY, naming it', () => {
    for (const environment of [{ REDIS_URL: 'redis://127.0.0.1:6379' }, { S3_BUCKET: 'rr-files' }]) {
      const directory = dataDir();
      expect(() =>
        loadShareLinkKeys(parseConfig({ DATA_DIR: directory, ...environment }), noWarning),
      ).toThrow(ConfigError);
      expect(() =>
        loadShareLinkKeys(parseConfig({ DATA_DIR: directory, ...environment }), noWarning),
      ).toThrow(/SHARE_LINK_KEY must be set/);
      expect(fs.readdirSync(directory)).toEqual([]);
      const key = keyText();
      expect(
        loadShareLinkKeys(
          parseConfig({ DATA_DIR: directory, SHARE_LINK_KEY: key, ...environment }),
          noWarning,
        ).current.key,
      ).toEqual(Buffer.from(key, 'base64'));
    }
  });

  test('a file system without hard links still gets its key, made once, and no draft is left', () => {
    for (const code of ['EPERM', 'ENOTSUP', 'EXDEV']) {
      const directory = dataDir();
      const link = vi.spyOn(fs, 'linkSync').mockImplementation(() => {
        throw Object.assign(new Error(`${code}: no hard links here`), { code });
      });
      const first = loadShareLinkKeys(parseConfig({ DATA_DIR: directory }), noWarning);
      expect(link).toHaveBeenCalled();
      expect(fs.readdirSync(directory)).toEqual(['share-link.key']);
      expect(fs.statSync(path.join(directory, 'share-link.key')).mode & 0o777).toBe(0o600);
      expect(loadShareLinkKeys(parseConfig({ DATA_DIR: directory }), noWarning).current).toEqual(
        first.current,
      );
      vi.restoreAllMocks();
    }
  });

  test('a disk that fails while the key is written stops the start, and leaves no draft behind', () => {
    const directory = dataDir();
    const write = fs.writeFileSync;
    vi.spyOn(fs, 'writeFileSync').mockImplementation((file, _data, options) => {
      write(file, 'half', options as fs.WriteFileOptions);
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    });
    expect(() => loadShareLinkKeys(parseConfig({ DATA_DIR: directory }), noWarning)).toThrow(/ENOSPC/);
    expect(fs.readdirSync(directory)).toEqual([]);
  });

  test('a key file others may read is used, with a warning naming it', () => {
    const directory = dataDir();
    const first = loadShareLinkKeys(parseConfig({ DATA_DIR: directory }), noWarning);
    const file = path.join(directory, 'share-link.key');
    fs.chmodSync(file, 0o644);
    const warnings: string[] = [];
    const again = loadShareLinkKeys(parseConfig({ DATA_DIR: directory }), (warning) =>
      warnings.push(warning),
    );
    expect(again.current).toEqual(first.current);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(file);
    expect(warnings[0]).toContain('chmod 600');
  });
});
