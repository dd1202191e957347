import { type Signature, type UploadExtension, uploadTypeOf } from '#shared/uploads';

/** Whether `head` holds every part of the signature, each at its offset. */
const holds = (head: Buffer, signature: Signature) =>
  signature.every(
    ({ offset, bytes }) =>
      head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte),
  );

/**
 * Whether a file's first bytes are what its extension promises, by the content check of its row in
 * shared/uploads.ts: a signature for binary formats, no NUL byte for text.
 */
export function contentMatchesExtension(extension: UploadExtension, head: Buffer): boolean {
  const check = uploadTypeOf(extension)?.content;
  if (!check) return false;
  if (check.kind === 'text') return !head.includes(0);
  return check.anyOf.some((signature) => holds(head, signature));
}

/** The Content-Type we serve a file with: from its checked extension, never from the uploader. */
export function mimeTypeFor(extension: UploadExtension): string {
  return uploadTypeOf(extension)?.mimeType ?? 'application/octet-stream';
}
