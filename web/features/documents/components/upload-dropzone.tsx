import { CloudUpload, FolderUp } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { type FolderFile, filesOfDrop, filesOfPickedFolder } from '#web/features/documents/folder-upload';
import { maxUploadLabel, SUPPORTED_TYPES_LABEL, UPLOAD_ACCEPT } from '#web/features/documents/upload-rules';
import { cn } from '#web/lib/cn';

interface UploadDropzoneProps {
  onFiles: (files: File[]) => void;
  /** A folder picked or dropped: its files with their paths (its top folders name the sections). */
  onFolder: (files: FolderFile[]) => void;
  /** The upload limit (the server's UPLOAD_MAX_MB). */
  maxBytes: number;
  /** Shown above the supported types, e.g. 'Drag and drop files here, or choose them'. */
  title?: string;
}

/**
 * Drop files or folders here or pick them: several at once, a .zip unpacked into sections
 * (docs/product-rules.md#folders-and-zips). Each button is a label for a hidden file input, so it works
 * by click, by keyboard and by drag and drop.
 */
export function UploadDropzone({
  onFiles,
  onFolder,
  maxBytes,
  title = 'Drag and drop files or folders here',
}: UploadDropzoneProps) {
  const inputId = useId();
  const folderInputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void filesOfDrop(event.dataTransfer).then(({ files, folders }) => {
      if (files.length > 0) onFiles(files);
      if (folders.length > 0) onFolder(folders);
    });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; keyboard and screen-reader users have the labelled file input inside.
    <div
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      data-testid="upload-dropzone"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:px-8',
        dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white',
      )}
    >
      <CloudUpload className="size-10 text-indigo-500" aria-hidden="true" />
      <div>
        <p className="font-medium text-slate-900">{title}</p>
        <p className="text-sm text-slate-600">or</p>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center justify-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white transition-colors hover:bg-indigo-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600"
        >
          Choose files
          <input
            id={inputId}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // Cleared so choosing the same file again uploads it again.
              event.target.value = '';
              if (files.length > 0) onFiles(files);
            }}
          />
        </label>
        <label
          htmlFor={folderInputId}
          className="inline-flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 transition-colors hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600"
        >
          <FolderUp className="size-4" aria-hidden="true" />
          Choose a folder
          <input
            id={folderInputId}
            type="file"
            // The browser's directory picker: every file of the folder, each with its path.
            {...{ webkitdirectory: '' }}
            multiple
            aria-describedby={hintId}
            className="sr-only"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) onFolder(filesOfPickedFolder(files));
            }}
          />
        </label>
      </div>
      <p id={hintId} className="max-w-xl text-xs leading-relaxed text-slate-500">
        Up to {maxUploadLabel(maxBytes)} per file. A folder or a .zip goes into sections named after its
        folders. Supported types: {SUPPORTED_TYPES_LABEL}.
      </p>
    </div>
  );
}
