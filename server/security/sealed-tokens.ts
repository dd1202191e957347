import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from '#server/config';

/**
 * Tokens kept so that their owner can be shown them again (share links' addresses, ADR 76): sealed with
 * AES-256-GCM under a server key, beside the hash that stays their only lookup. A copy of the database
 * without the key shows no address; losing the key loses the addresses, never the admission.
 */

export interface SealingKey {
  /** Names the key in the database without revealing it: the first 16 hex digits of its SHA-256. */
  id: string;
  key: Buffer;
}

export interface SealingKeys {
  /** Seals every new token, and reseals those opened with an old key. */
  current: SealingKey;
  /** Keys rotated out: they still open what they sealed. */
  old: SealingKey[];
}

export interface SealedToken {
  sealed: string;
  keyId: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'share-link.key';

const keyOf = (key: Buffer): SealingKey => ({ id: crypto.hash('sha256', key, 'hex').slice(0, 16), key });

/**
 * Seals `token` for the row `boundTo` (its id, as additional data): a sealed token copied onto another
 * row does not open there.
 */
export function sealToken(keys: SealingKeys, token: string, boundTo: string): SealedToken {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return {
    sealed: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url'),
    keyId: keys.current.id,
  };
}

/**
 * The token sealed for `boundTo`, and whether the current key sealed it; null when no key we hold
 * sealed it (rotated out and dropped) or the sealed text was altered.
 */
export function openToken(
  keys: SealingKeys,
  sealed: SealedToken,
  boundTo: string,
): { token: string; isCurrent: boolean } | null {
  const key = [keys.current, ...keys.old].find((candidate) => candidate.id === sealed.keyId);
  if (!key) return null;
  const bytes = Buffer.from(sealed.sealed, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const token = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    return { token, isCurrent: key.id === keys.current.id };
  } catch {
    return null;
  }
}

/**
 * The share links' keys: SHARE_LINK_KEY when set. Otherwise a single node makes one once in DATA_DIR
 * (mode 0600), so `npm start` stays one command; several nodes (REDIS_URL or S3_BUCKET set, ADR 49)
 * must share one, so they refuse to start without it rather than each sealing under its own. `warn` is
 * told of a key file that others than its owner may read (the start goes on: the operator decides).
 */
export function loadShareLinkKeys(
  config: Pick<Config, 'shareLinkKeys' | 'dataDir' | 'redisUrl' | 'storage'>,
  warn: (message: string) => void,
): SealingKeys {
  const old = config.shareLinkKeys.old.map(keyOf);
  if (config.shareLinkKeys.current) return { current: keyOf(config.shareLinkKeys.current), old };
  if (config.redisUrl !== undefined || config.storage.driver === 's3')
    throw new ConfigError(
      'Invalid configuration: SHARE_LINK_KEY must be set when several nodes serve the app (REDIS_URL or S3_BUCKET is set): every node must seal share links with the same key. Make one with `openssl rand -base64 32`.',
    );
  return { current: keyOf(keyInDataDir(config.dataDir, warn)), old };
}

/** Errors of a file system that cannot hard-link (some network, FUSE and container mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'ENOSYS']);

function keyInDataDir(dataDir: string, warn: (message: string) => void): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) createKeyFile(file);
  else if ((fs.statSync(file).mode & 0o077) !== 0)
    warn(
      `${file} may be read by other users than its owner: restrict it (chmod 600 ${file}), or set SHARE_LINK_KEY instead`,
    );
  const bytes = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (bytes.length !== 32)
    throw new ConfigError(
      `Invalid configuration: ${file} must hold a 32-byte base64 key (delete it to make a new one; links made under it then need a new address)`,
    );
  return bytes;
}

/**
 * Written whole beside it, then linked in: two processes starting on one DATA_DIR at once keep the first
 * key linked, and neither reads a half-written file. Where the file system cannot hard-link, the key is
 * created in place, exclusively (the first process's key stays). No draft is left behind either way.
 */
function createKeyFile(file: string): void {
  const key = crypto.randomBytes(32).toString('base64');
  const draft = `${file}.${process.pid}.${crypto.randomUUID()}`;
  try {
    fs.writeFileSync(draft, key, { flag: 'wx', mode: 0o600 });
    fs.linkSync(draft, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_HARD_LINKS.has(code)) writeExclusively(file, key);
    else if (code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function writeExclusively(file: string, key: string): void {
  try {
    fs.writeFileSync(file, key, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
