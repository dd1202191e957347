import { replaceUnsafeCharacters } from './contracts/fields';

/**
 * The section each file of an uploaded folder or zip goes to (docs/product-rules.md#folders-and-zips),
 * one rule for the server's unpacking and the browser's folder upload: a file in a folder goes to the
 * section named after its top folder; a file at the top goes to the section chosen for the upload
 * (undefined: none). When every file is inside one folder (a zipped folder, a folder picked in the
 * browser), that wrapping folder is the upload itself, not a section: its subfolders name the sections.
 */
export function folderSectionsOf(
  paths: readonly string[],
  rootSection: string | undefined,
): (string | undefined)[] {
  const tops = new Set(paths.map((entryPath) => (entryPath.includes('/') ? entryPath.split('/')[0] : null)));
  const [onlyTop] = tops;
  const wrapped = tops.size === 1 && Boolean(onlyTop);
  return paths.map((entryPath) => {
    const segments = entryPath.split('/').filter(Boolean);
    const inside = wrapped ? segments.slice(1) : segments;
    if (inside.length < 2) return rootSection;
    const name = replaceUnsafeCharacters(inside[0] ?? '', ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
    return name || rootSection;
  });
}

/** What operating systems leave in a folder and no founder means to upload: skipped without a line. */
export function isSystemLeftover(path: string): boolean {
  const segments = path.split('/');
  const name = segments.at(-1) ?? '';
  return segments.includes('__MACOSX') || ['.DS_Store', 'Thumbs.db', 'desktop.ini'].includes(name);
}
