/**
 * HTTP details of serving a stored file: its name, validators and byte ranges, by the kept jshttp
 * libraries (content-disposition, fresh, range-parser) that Express and @fastify/static rely on.
 */
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import fresh from 'fresh';
import rangeParser from 'range-parser';
import type { Storage } from '#server/storage/storage';

/**
 * The name an old client that ignores `filename*` shows: accents dropped (Résumé -> Resume), any other
 * non-ASCII character, quote, backslash or percent sign replaced, since user agents disagree on
 * quoted-pairs and some percent-decode this parameter (RFC 6266, appendix D).
 */
function asciiFallbackName(title: string): string {
  const withoutAccents = title.normalize('NFKD').replace(/\p{M}/gu, '');
  return withoutAccents.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
}

/**
 * Content-Disposition for a download named `title`: the ASCII fallback for old clients and, whenever it
 * differs, the exact name in RFC 8187 form, so any script survives and no header injection is possible.
 */
export function attachmentDisposition(title: string): string {
  return contentDisposition(title, { fallback: asciiFallbackName(title) });
}

/** The request headers that make a download conditional or partial. */
export interface DownloadRequestHeaders {
  'if-none-match'?: string;
  'if-modified-since'?: string;
  range?: string;
  'if-range'?: string;
}

/**
 * Whether the client already holds the current file, so the answer is 304 (RFC 9110, 13.1.2):
 * If-None-Match is a list compared weakly (`W/"x"` matches `"x"`), `*` matches any file, and it takes
 * precedence over If-Modified-Since. Request Cache-Control is not passed on: `no-cache` there tells
 * caches to revalidate with us (RFC 9111, 5.2.1.4), which is what this is, and fetch() adds it to every
 * request that carries a validator.
 */
export function clientHasCurrentCopy(headers: DownloadRequestHeaders, etag: string): boolean {
  return fresh(
    { 'if-none-match': headers['if-none-match'], 'if-modified-since': headers['if-modified-since'] },
    { etag },
  );
}

export type RangeRequest =
  | { kind: 'whole' }
  | { kind: 'range'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/** A suffix range (`-N`) longer than the file. */
const SUFFIX_RANGE = /(^|,)(\s*)-(\d+)/g;

/**
 * The part of a `size`-byte file to send (RFC 9110, 14): one `bytes` range, inclusive and clamped to the
 * size. Overlapping and adjacent ranges are combined; a set that is still several ranges is served whole
 * (we send no multipart/byteranges); a set none of whose ranges overlaps the file is unsatisfiable.
 * If-Range that is not our (strong) ETag means the client's partial copy is of another file: whole.
 */
export function requestedRange(headers: DownloadRequestHeaders, size: number, etag: string): RangeRequest {
  const header = headers.range;
  if (!header) return { kind: 'whole' };
  if (headers['if-range'] !== undefined && headers['if-range'].trim() !== etag) return { kind: 'whole' };
  const separator = header.indexOf('=');
  // Range units are case-insensitive; only bytes are ours.
  if (separator < 0 || header.slice(0, separator).trim().toLowerCase() !== 'bytes') return { kind: 'whole' };

  // range-parser 1.3 calls a suffix longer than the file unsatisfiable; RFC 9110 (14.1.2) serves the
  // whole file. Written as `0-` the library agrees (an empty file stays unsatisfiable).
  const ranges = header
    .slice(separator + 1)
    .replace(SUFFIX_RANGE, (spec, comma: string, space: string, length: string) =>
      Number(length) > size ? `${comma}${space}0-` : spec,
    );
  const parsed = rangeParser(size, `bytes=${ranges}`, { combine: true });
  if (parsed === -2) return { kind: 'whole' };
  if (parsed === -1) return { kind: 'unsatisfiable' };
  const [only, ...others] = parsed;
  if (!only || others.length > 0) return { kind: 'whole' };
  return { kind: 'range', start: only.start, end: only.end };
}

/** The 416 answer to a range outside a `size`-byte file. */
export function sendRangeNotSatisfiable(reply: FastifyReply, size: number): FastifyReply {
  return reply
    .status(416)
    .header('content-range', `bytes */${size}`)
    .type('application/json; charset=utf-8')
    .send({
      error: 'range_not_satisfiable',
      message: `The requested range is outside the file, which is ${size} bytes long.`,
    });
}

/**
 * Sends a stored file whole (200) or the requested range (206). Always as an explicit byte range: the
 * stream then ends exactly where Content-Length says.
 */
export function sendStoredBytes(
  reply: FastifyReply,
  storage: Storage,
  file: { storageKey: string; sizeBytes: number },
  range: Exclude<RangeRequest, { kind: 'unsatisfiable' }>,
): FastifyReply {
  const bytes = range.kind === 'range' ? range : { start: 0, end: file.sizeBytes - 1 };
  if (range.kind === 'range') {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
  }
  return reply
    .header('content-length', String(bytes.end - bytes.start + 1))
    .send(storage.read(file.storageKey, bytes));
}
