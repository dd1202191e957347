/** A file of a folder the founder picked or dropped, with its path inside that folder's parent. */
export interface FolderFile {
  file: File;
  /** 'Raise/Financials/model.xlsx': the picked folder's name first, as the browser gives it. */
  path: string;
}

/** The files of a folder chosen with the directory picker (`webkitdirectory`): each knows its path. */
export function filesOfPickedFolder(files: readonly File[]): FolderFile[] {
  return files.map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/**
 * What was dropped: plain files, and the files of every dropped folder walked to the bottom, with their
 * paths. Read at once from the drop (the browser forgets its items after the event).
 */
export async function filesOfDrop(transfer: DataTransfer): Promise<{ files: File[]; folders: FolderFile[] }> {
  const entries = [...transfer.items]
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null))
    .filter((entry): entry is FileSystemEntry => entry !== null);
  if (!entries.some((entry) => entry.isDirectory)) return { files: [...transfer.files], folders: [] };
  const files: File[] = [];
  const folders: FolderFile[] = [];
  for (const entry of entries) {
    if (entry.isDirectory) folders.push(...(await filesUnder(entry as FileSystemDirectoryEntry, entry.name)));
    else files.push(await fileOf(entry as FileSystemFileEntry));
  }
  return { files, folders };
}

async function filesUnder(directory: FileSystemDirectoryEntry, path: string): Promise<FolderFile[]> {
  const found: FolderFile[] = [];
  for (const entry of await allEntries(directory)) {
    const entryPath = `${path}/${entry.name}`;
    if (entry.isDirectory) found.push(...(await filesUnder(entry as FileSystemDirectoryEntry, entryPath)));
    else found.push({ file: await fileOf(entry as FileSystemFileEntry), path: entryPath });
  }
  return found;
}

/** A directory reader answers in batches (100 in Chromium) until it answers none. */
async function allEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return entries;
    entries.push(...batch);
  }
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}
