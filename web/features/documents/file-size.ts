const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A file size as the console shows it (docs/product-rules.md#dates-and-sizes): bytes divided by 1024 until
 * below 1024, one decimal above bytes, at most GB; 'Unknown size' when the size is missing or not a number.
 */
export function formatFileSize(bytes: string | number | null | undefined): string {
  const value = typeof bytes === 'string' ? (bytes.trim() === '' ? Number.NaN : Number(bytes)) : bytes;
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return 'Unknown size';
  let size = value;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  return unit === 0 ? `${size} B` : `${size.toFixed(1)} ${UNITS[unit]}`;
}
