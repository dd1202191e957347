import { FILE_TYPES as FILE_TYPES_LIST, type FileType } from './file-kinds';
import { UPLOAD_TYPES } from './uploads';

// The kinds themselves sit in file-kinds.ts, below this file and uploads.ts, which both need them.
export { FILE_TYPES, type FileType } from './file-kinds';

/** The kind of a file by its extension: the upload types' table (shared/uploads.ts). */
const BY_EXTENSION: Record<string, FileType> = Object.fromEntries(
  UPLOAD_TYPES.map((type) => [type.extension, type.fileType]),
);

function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function byHost(url: URL): FileType | undefined {
  const host = url.hostname.toLowerCase();
  if (host === 'docs.google.com') {
    if (url.pathname.startsWith('/spreadsheets')) return 'google-sheets';
    if (url.pathname.startsWith('/document')) return 'google-docs';
    if (url.pathname.startsWith('/presentation')) return 'google-slides';
    return 'google';
  }
  if (host === 'drive.google.com') return 'google-drive';
  if (hostMatches(host, 'google.com')) return 'google';
  if (hostMatches(host, 'dropbox.com') || hostMatches(host, 'dropboxusercontent.com')) return 'dropbox';
  if (hostMatches(host, 'onedrive.live.com') || host === '1drv.ms' || hostMatches(host, 'sharepoint.com')) {
    return 'onedrive';
  }
  if (hostMatches(host, 'box.com') || hostMatches(host, 'boxcloud.com')) return 'box';
  return undefined;
}

/** The extension of a file name or URL path, lower case, without the dot. */
export function extensionOf(name: string): string {
  const last = name.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

export function fileTypeFromName(name: string): FileType {
  return BY_EXTENSION[extensionOf(name)] ?? 'file';
}

/** A URL path with its %-escapes decoded; a malformed escape ("%E0%A4%A") is left as written. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The kind of a linked document: the storage host first (a Google Sheet has no extension), then the
 * URL's extension, then the title's (an uploaded file's link has none), else 'file'.
 */
export function detectFileType(url: string, title = ''): FileType {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url, 'https://relative.invalid');
  } catch {
    parsed = undefined;
  }
  if (parsed && parsed.hostname !== 'relative.invalid') {
    const hosted = byHost(parsed);
    if (hosted) return hosted;
  }
  const fromPath = parsed ? BY_EXTENSION[extensionOf(decodedPath(parsed.pathname))] : undefined;
  return fromPath ?? fileTypeFromName(title);
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(FILE_TYPES_LIST);

/**
 * An upload's stored type (documents.file_type, set from its file's name at upload and at each version)
 * as a kind: what every view shows for an upload, whatever its title says. A value this build does not
 * know reads as 'file'.
 */
export function storedFileType(stored: string): FileType {
  return KNOWN_TYPES.has(stored) ? (stored as FileType) : 'file';
}
