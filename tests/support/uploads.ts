/**
 * A multipart/form-data body written byte by byte, for what FormData will not send: file names with
 * NUL, CR/LF or quotes as they are, an RFC 5987 `filename*`, a body cut short.
 */
export interface MultipartPart {
  name: string;
  /** Written into `filename="..."` exactly as given. */
  filename?: string;
  /** Written as `filename*=UTF-8''<percent-encoded>`, which busboy decodes back to exactly this. */
  encodedFilename?: string;
  contentType?: string;
  content: string | Buffer;
}

export const MULTIPART_BOUNDARY = 'hostile-input-boundary';

export function multipartBody(
  parts: MultipartPart[],
  options: { complete?: boolean } = {},
): { body: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let disposition = `form-data; name="${part.name}"`;
    if (part.filename !== undefined) disposition += `; filename="${part.filename}"`;
    if (part.encodedFilename !== undefined)
      disposition += `; filename*=UTF-8''${encodeURIComponent(part.encodedFilename)}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  // Without the closing boundary the body ends in the middle of its last part.
  if (options.complete !== false) chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
  };
}

/** Small files that pass the content check of their extension (server/features/documents/file-signatures.ts). */
export const SAMPLE_FILES = {
  pdf: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]),
  xlsx: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]),
  html: Buffer.from('<!doctype html><script>alert(1)</script>'),
};

/**
 * A download's Content-Disposition is one attachment named by a plain-ASCII fallback (a token or a
 * quoted string with no quote or backslash in it) and, when the title is anything else, the exact title
 * in RFC 8187 form: nothing in the title can end the header, add a parameter or a header.
 */
export function contentDispositionTitle(header: string | null): string {
  const match =
    /^attachment; filename=(?:"([\x20-\x7e]*)"|([!#$&'*+.^_`|~0-9A-Za-z-]+))(?:; filename\*=UTF-8''([A-Za-z0-9%!#$&+.^_`|~-]*))?$/.exec(
      header ?? '',
    );
  if (!match) throw new Error(`not a safe Content-Disposition: ${JSON.stringify(header)}`);
  const [, quoted, token, encoded] = match;
  const fallback = quoted ?? token ?? '';
  if (/["\\]/.test(fallback)) throw new Error(`a quote or backslash in the fallback name: ${fallback}`);
  return encoded === undefined ? fallback : decodeURIComponent(encoded);
}
