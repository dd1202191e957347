import type { FileType } from './file-kinds';

/**
 * How a file's first bytes are checked against its extension: one of the signatures is there (a ".pdf"
 * that is HTML, or a script renamed ".png", is refused), or, for text formats, no NUL byte.
 */
export type ContentCheck = { kind: 'text' } | { kind: 'signature'; anyOf: readonly Signature[] };

/** Byte sequences that must all be there, each at its offset. */
export type Signature = readonly { offset: number; bytes: readonly number[] }[];

export interface UploadType {
  extension: string;
  /** The document's kind: its label (upper-cased) and its icon in the data-room views. */
  fileType: FileType;
  /** The Content-Type we serve it with: from its checked extension, never from the uploader. */
  mimeType: string;
  content: ContentCheck;
}

const at = (offset: number, bytes: string | number[]) => ({
  offset,
  bytes: typeof bytes === 'string' ? [...bytes].map((char) => char.charCodeAt(0)) : bytes,
});
const signatures = (...anyOf: Signature[]): ContentCheck => ({ kind: 'signature', anyOf });
const TEXT: ContentCheck = { kind: 'text' };
const ZIP = signatures([at(0, [0x50, 0x4b, 0x03, 0x04])], [at(0, [0x50, 0x4b, 0x05, 0x06])]);
/**
 * An OpenDocument text: a zip whose first entry is the stored, uncompressed `mimetype` file naming the
 * format (the OpenDocument package rule), so a .docx or any other zip renamed .odt is refused. The next
 * zip record follows the name at once: a Writer/Web document's "…text-web" is not a text.
 */
const ODT_MIME_TYPE = 'application/vnd.oasis.opendocument.text';
const ODT = signatures([
  at(0, [0x50, 0x4b, 0x03, 0x04]),
  at(30, 'mimetype'),
  at(38, ODT_MIME_TYPE),
  at(38 + ODT_MIME_TYPE.length, 'PK'),
]);
const OLE = signatures([at(0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])]);
const JPEG = signatures([at(0, [0xff, 0xd8, 0xff])]);
const riff = (kind: string) => signatures([at(0, 'RIFF'), at(8, kind)]);
const ISO_MEDIA = signatures(
  ...['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].map((atom) => [at(4, atom)]),
);

/**
 * What may be uploaded: the one list (docs/product-rules.md#uploads), enforced on the server, offered
 * by the file picker and listed in the docs. Everything else about upload types derives from it.
 */
export const UPLOAD_TYPES = [
  { extension: 'pdf', fileType: 'pdf', mimeType: 'application/pdf', content: signatures([at(0, '%PDF-')]) },
  { extension: 'doc', fileType: 'word', mimeType: 'application/msword', content: OLE },
  {
    extension: 'docx',
    fileType: 'word',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    content: ZIP,
  },
  {
    extension: 'odt',
    fileType: 'word',
    mimeType: ODT_MIME_TYPE,
    content: ODT,
  },
  { extension: 'rtf', fileType: 'word', mimeType: 'application/rtf', content: signatures([at(0, '{\\rtf')]) },
  { extension: 'xls', fileType: 'excel', mimeType: 'application/vnd.ms-excel', content: OLE },
  {
    extension: 'xlsx',
    fileType: 'excel',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: ZIP,
  },
  {
    extension: 'ods',
    fileType: 'excel',
    mimeType: 'application/vnd.oasis.opendocument.spreadsheet',
    content: ZIP,
  },
  { extension: 'ppt', fileType: 'powerpoint', mimeType: 'application/vnd.ms-powerpoint', content: OLE },
  {
    extension: 'pptx',
    fileType: 'powerpoint',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    content: ZIP,
  },
  { extension: 'txt', fileType: 'text', mimeType: 'text/plain; charset=utf-8', content: TEXT },
  { extension: 'csv', fileType: 'csv', mimeType: 'text/csv; charset=utf-8', content: TEXT },
  { extension: 'jpg', fileType: 'image', mimeType: 'image/jpeg', content: JPEG },
  { extension: 'jpeg', fileType: 'image', mimeType: 'image/jpeg', content: JPEG },
  {
    extension: 'png',
    fileType: 'image',
    mimeType: 'image/png',
    content: signatures([at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]),
  },
  {
    extension: 'gif',
    fileType: 'image',
    mimeType: 'image/gif',
    content: signatures([at(0, 'GIF87a')], [at(0, 'GIF89a')]),
  },
  { extension: 'md', fileType: 'text', mimeType: 'text/markdown; charset=utf-8', content: TEXT },
  { extension: 'markdown', fileType: 'text', mimeType: 'text/markdown; charset=utf-8', content: TEXT },
  { extension: 'bmp', fileType: 'image', mimeType: 'image/bmp', content: signatures([at(0, 'BM')]) },
  { extension: 'webp', fileType: 'image', mimeType: 'image/webp', content: riff('WEBP') },
  { extension: 'mp4', fileType: 'video', mimeType: 'video/mp4', content: ISO_MEDIA },
  { extension: 'avi', fileType: 'video', mimeType: 'video/x-msvideo', content: riff('AVI ') },
  { extension: 'mov', fileType: 'video', mimeType: 'video/quicktime', content: ISO_MEDIA },
  { extension: 'zip', fileType: 'archive', mimeType: 'application/zip', content: ZIP },
  {
    extension: 'rar',
    fileType: 'archive',
    mimeType: 'application/vnd.rar',
    content: signatures([at(0, 'Rar!\x1a\x07')]),
  },
  {
    extension: '7z',
    fileType: 'archive',
    mimeType: 'application/x-7z-compressed',
    content: signatures([at(0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])]),
  },
] as const satisfies readonly UploadType[];

export type UploadExtension = (typeof UPLOAD_TYPES)[number]['extension'];

export const UPLOAD_EXTENSIONS: readonly UploadExtension[] = UPLOAD_TYPES.map((type) => type.extension);

const BY_EXTENSION = new Map<string, UploadType>(UPLOAD_TYPES.map((type) => [type.extension, type]));

/** 50 MB per file: the spec's limit, and the server's default (UPLOAD_MAX_MB in server/config.ts). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export function isAllowedUploadExtension(extension: string): extension is UploadExtension {
  return BY_EXTENSION.has(extension);
}

/** The row of an upload type, or undefined for an extension that may not be uploaded. */
export function uploadTypeOf(extension: string): UploadType | undefined {
  return BY_EXTENSION.get(extension);
}
