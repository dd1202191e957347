import type { UploadExtension } from '../../../shared/uploads';

/**
 * Whether a file's first bytes are what its extension promises, for formats that have a signature
 * (a ".pdf" that is HTML, or a script renamed ".png", is refused). Text formats have none: they only
 * must not be binary.
 */
const starts = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const isZip = (head: Buffer) => starts(head, ZIP) || starts(head, EMPTY_ZIP);
const isRiff = (head: Buffer, kind: string) => starts(head, ascii('RIFF')) && starts(head, ascii(kind), 8);
const isIsoMedia = (head: Buffer) =>
  ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].some((atom) => starts(head, ascii(atom), 4));
const isText = (head: Buffer) => !head.includes(0);

const CHECKS: Record<UploadExtension, (head: Buffer) => boolean> = {
  pdf: (head) => starts(head, ascii('%PDF-')),
  docx: isZip,
  xlsx: isZip,
  pptx: isZip,
  zip: isZip,
  doc: (head) => starts(head, OLE),
  xls: (head) => starts(head, OLE),
  ppt: (head) => starts(head, OLE),
  png: (head) => starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (head) => starts(head, [0xff, 0xd8, 0xff]),
  jpeg: (head) => starts(head, [0xff, 0xd8, 0xff]),
  gif: (head) => starts(head, ascii('GIF87a')) || starts(head, ascii('GIF89a')),
  bmp: (head) => starts(head, ascii('BM')),
  webp: (head) => isRiff(head, 'WEBP'),
  avi: (head) => isRiff(head, 'AVI '),
  mp4: isIsoMedia,
  mov: isIsoMedia,
  rar: (head) => starts(head, ascii('Rar!\x1a\x07')),
  '7z': (head) => starts(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  txt: isText,
  csv: isText,
  md: isText,
  markdown: isText,
};

export function contentMatchesExtension(extension: UploadExtension, head: Buffer): boolean {
  return CHECKS[extension](head);
}

const MIME_TYPES: Record<UploadExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};

/** The Content-Type we serve a file with: from its checked extension, never from the uploader. */
export function mimeTypeFor(extension: UploadExtension): string {
  return MIME_TYPES[extension];
}
