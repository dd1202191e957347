import { CloudUpload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { MAX_UPLOAD_LABEL, SUPPORTED_TYPES_LABEL, UPLOAD_ACCEPT } from '#web/features/documents/upload-rules';
import { cn } from '#web/lib/cn';

interface UploadDropzoneProps {
  onFiles: (files: File[]) => void;
  /** Shown above the supported types, e.g. 'Drag and drop files here, or choose them'. */
  title?: string;
}

/**
 * Drop files here or pick them: several at once. The whole area is a label for the hidden file input,
 * so it works by click, by keyboard (the 'Choose files' button) and by drag and drop.
 */
export function UploadDropzone({ onFiles, title = 'Drag and drop files here' }: UploadDropzoneProps) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
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
      <p id={hintId} className="max-w-xl text-xs leading-relaxed text-slate-500">
        Up to {MAX_UPLOAD_LABEL} per file. Supported types: {SUPPORTED_TYPES_LABEL}.
      </p>
    </div>
  );
}
