/**
 * The limits of an uploaded zip, in one place (docs/decisions/0070-folders-and-zips.md). A zip breaking
 * one of them is refused whole and stores nothing: it is damaged, or built to hurt the server.
 */
export const ARCHIVE_LIMITS = {
  /** Entries of the zip's central directory, folders included: the room holds at most 500 documents. */
  maxEntries: 2_000,
  /** The sum of the entries' uncompressed sizes, as declared and as read. */
  maxTotalBytes: 4 * 1024 * 1024 * 1024,
  /**
   * Uncompressed to compressed bytes of one entry. Office files and text reach 10 to 30; a zip bomb
   * reaches 1,000 (deflate's ceiling) and more when nested. Checked above a megabyte only, where a
   * bomb does harm: a small, repetitive CSV may compress very well.
   */
  maxCompressionRatio: 200,
  ratioCheckedAboveBytes: 1024 * 1024,
  /**
   * What the files of one zip may unpack to in all, as a multiple of the zip's own size (and never less
   * than one upload may be, UPLOAD_MAX_MB: a small zip may always bring that much). A data room's files
   * compress little: PDFs, Office files, images and video are compressed already (1 to 1.3 times), and
   * even a folder of CSV and text exports reaches 5 to 10. Ten covers those; past it the zip is built to
   * make the server write, not to carry documents (a 20 MB zip could otherwise write 4 GB before any
   * check: the per-entry ratio is checked only above a megabyte, and up to maxCompressionRatio).
   */
  maxExpansion: 10,
  /** The longest entry name read; a longer one refuses the zip as damaged. */
  maxNameLength: 1_000,
} as const;

/** Extensions of archives: a zip inside the zip is not unpacked, and not stored either. */
export const NESTED_ARCHIVE_EXTENSIONS: ReadonlySet<string> = new Set([
  'zip',
  'rar',
  '7z',
  'tar',
  'gz',
  'tgz',
]);
