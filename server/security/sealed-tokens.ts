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
 * must share one, so they refuse to start without it rather than each sealing under its own.
 */
export function loadShareLinkKeys(
  config: Pick<Config, 'shareLinkKeys' | 'dataDir' | 'redisUrl' | 'storage'>,
): SealingKeys {
  const old = config.shareLinkKeys.old.map(keyOf);
  if (config.shareLinkKeys.current) return { current: keyOf(config.shareLinkKeys.current), old };
  if (config.redisUrl !== undefined || config.storage.driver === 's3')
    throw new ConfigError(
      'Invalid configuration: SHARE_LINK_KEY must be set when several nodes serve the app (REDIS_URL or S3_BUCKET is set): every node must seal share links with the same key. Make one with `openssl rand -base64 32`.',
    );
  return { current: keyOf(keyInDataDir(config.dataDir)), old };
}

function keyInDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole beside it, then linked in: two processes starting on one DATA_DIR at once keep the
    // first key linked, and neither reads a half-written file.
    const draft = `${file}.${process.pid}.${crypto.randomUUID()}`;
    fs.writeFileSync(draft, crypto.randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const bytes = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (bytes.length !== 32)
    throw new ConfigError(
      `Invalid configuration: ${file} must hold a 32-byte base64 key (delete it to make a new one; links made under it then need a new address)`,
    );
  return bytes;
}
