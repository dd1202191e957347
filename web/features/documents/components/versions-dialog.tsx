import { Download, RotateCcw, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { DocumentListItem, DocumentVersion } from '#shared/contracts/documents';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Spinner } from '#web/components/ui/spinner';
import { useModalDialog } from '#web/components/ui/use-modal-dialog';
import {
  useDeleteVersion,
  useDocumentVersions,
  useReplaceFile,
  useRestoreVersion,
  versionDownloadPath,
} from '#web/features/documents/api/use-document-versions';
import { formatFileSize } from '#web/features/documents/file-size';
import { UPLOAD_ACCEPT, uploadRefusal } from '#web/features/documents/upload-rules';
import { useSiteInfo } from '#web/features/site/api/use-site-info';
import { formatDateTime } from '#web/lib/format';

interface VersionsDialogProps {
  /** The document whose versions are shown; none closes the dialog. */
  document: DocumentListItem | undefined;
  onClose: () => void;
}

/** "2 min 5 s": how long a reader read one version. */
function readingTime(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/**
 * A document's "Replace file" and its version history (docs/decisions/0069-document-versions.md): each
 * version's number, date, uploader and readers, with Download, and Restore and Delete for earlier ones.
 * A native <dialog>, as ConfirmDialog, for focus and Escape.
 */
export function VersionsDialog({ document, onClose }: VersionsDialogProps) {
  const dialog = useModalDialog(document !== undefined);
  const titleId = useId();

  return (
    <dialog
      ref={dialog}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      aria-labelledby={titleId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {document && (
        <div className="flex flex-col gap-5 p-5 sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
              Versions of {document.title}
            </h2>
            <Button variant="outline" size="sm" onClick={onClose}>
              Close
            </Button>
          </div>
          <ReplaceFileForm document={document} />
          <VersionList documentId={document.id} />
        </div>
      )}
    </dialog>
  );
}

function ReplaceFileForm({ document }: { document: DocumentListItem }) {
  const replace = useReplaceFile();
  // The server's upload limit (UPLOAD_MAX_MB), as the upload area checks it.
  const maxBytes = useSiteInfo().data?.uploadMaxBytes;
  const [file, setFile] = useState<File>();
  const [notifyReaders, setNotifyReaders] = useState(false);
  const [error, setError] = useState<string>();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);

  function submit() {
    if (!file) return setError('Choose the new file first.');
    const refusal = uploadRefusal(file, maxBytes);
    if (refusal) return setError(refusal);
    setError(undefined);
    replace.mutate(
      { documentId: document.id, file, notifyReaders },
      {
        onSuccess: () => {
          toast.success('File replaced', {
            description: 'Readers get the new version as soon as it is prepared.',
          });
          setFile(undefined);
          setNotifyReaders(false);
          if (input.current) input.current.value = '';
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Replace file</h3>
      <p className="text-sm text-slate-600">
        The new file keeps this document's title, place, links, settings and analytics. Readers keep the
        current version until the new one is prepared.
      </p>
      <label htmlFor={fileId} className="sr-only">
        The new file
      </label>
      <input
        ref={input}
        id={fileId}
        type="file"
        accept={UPLOAD_ACCEPT}
        onChange={(event) => setFile(event.target.files?.[0])}
        className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800"
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-indigo-600"
          checked={notifyReaders}
          onChange={(event) => setNotifyReaders(event.target.checked)}
        />
        Notify those who read the earlier version
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button onClick={submit} disabled={replace.isPending}>
          {replace.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
          Replace file
        </Button>
      </div>
    </div>
  );
}

function VersionList({ documentId }: { documentId: string }) {
  const versions = useDocumentVersions(documentId);
  if (versions.isPending) return <Spinner />;
  if (versions.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Could not load the versions: {versions.error.message}
      </p>
    );
  return (
    <ol aria-label="Versions" className="flex flex-col divide-y divide-slate-200">
      {versions.data.versions.map((version) => (
        <li key={version.number} className="py-3">
          <VersionRow documentId={documentId} version={version} />
        </li>
      ))}
    </ol>
  );
}

const STATUS_BADGES = {
  current: { label: 'Current', variant: 'success' },
  preparing: { label: 'Being prepared', variant: 'info' },
  earlier: { label: 'Earlier', variant: 'secondary' },
} as const;

function VersionRow({ documentId, version }: { documentId: string; version: DocumentVersion }) {
  const restore = useRestoreVersion();
  const remove = useDeleteVersion();
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const badge = STATUS_BADGES[version.status];
  const isEarlier = version.status === 'earlier';
  const failed = (action: string) => (error: Error) =>
    toast.error(`Could not ${action}`, { description: error.message });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">Version {version.number}</span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <span className="text-xs text-slate-600">
          {formatDateTime(version.uploadedAt)} · {version.uploadedBy} · {formatFileSize(version.fileSize)}
        </span>
      </div>
      <p className="text-sm break-words text-slate-700">{version.fileName}</p>
      {version.readers.length === 0 ? (
        <p className="text-xs text-slate-500">No investor has opened this version.</p>
      ) : (
        <ul
          aria-label={`Readers of version ${version.number}`}
          className="flex flex-col gap-0.5 text-xs text-slate-600"
        >
          {version.readers.map((reader) => (
            <li key={reader.email}>
              {reader.name ? `${reader.name} (${reader.email})` : reader.email}: {reader.views}{' '}
              {reader.views === 1 ? 'view' : 'views'}, {readingTime(reader.readSeconds)}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={versionDownloadPath(documentId, version.number)} download>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
        {isEarlier && (
          <Button
            variant="outline"
            size="sm"
            disabled={restore.isPending}
            onClick={() =>
              restore.mutate(
                { documentId, number: version.number },
                {
                  onSuccess: () => toast.success(`Version ${version.number} restored`),
                  onError: failed('restore the version'),
                },
              )
            }
          >
            <RotateCcw aria-hidden="true" />
            Restore
          </Button>
        )}
        {isEarlier && (
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            aria-label={`Delete version ${version.number}`}
            onClick={() => setConfirmingDelete(true)}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={isConfirmingDelete}
        title={`Delete version ${version.number}?`}
        description="Its file is deleted for good. Who read it stays in the analytics."
        confirmLabel="Delete version"
        busy={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() =>
          remove.mutate(
            { documentId, number: version.number },
            { onError: failed('delete the version'), onSettled: () => setConfirmingDelete(false) },
          )
        }
      />
    </div>
  );
}
