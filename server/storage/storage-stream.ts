import crypto from 'node:crypto';
import { Transform } from 'node:stream';
import { HEAD_BYTES, ObjectTooLargeError } from './storage';

/** Keys are server-made UUIDs (ADR 17): a name from a request never becomes a path or an object name. */
export const STORAGE_KEY_PATTERN = /^[0-9a-f-]{36}$/;

/**
 * A pass-through that counts, hashes and keeps the first bytes of what a driver stores, and fails the
 * stream the moment it passes `maxBytes`, so an oversized upload is refused while it streams.
 */
export function measuringStream(maxBytes: number) {
  const hash = crypto.createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new ObjectTooLargeError(`larger than ${maxBytes} bytes`));
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return {
    stream,
    /** Once the stream has ended. */
    result: () => ({ size, sha256: hash.digest('hex'), head }),
  };
}
