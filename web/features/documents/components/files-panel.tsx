import { type ComponentProps, useState } from 'react';
import { toast } from 'sonner';
import { apiPath } from '#shared/contracts/api-route';
import { type DocumentListItem, documentRoutes } from '#shared/contracts/documents';
import { LoadFailed } from '#web/components/app/load-failed';
import { DownloadAllLink } from '#web/components/data-room/section-documents';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Spinner } from '#web/components/ui/spinner';
import {
  useDeleteDocuments,
  useMyDocuments,
  useRetryPreview,
} from '#web/features/documents/api/document-hooks';
import { documentLink, saveDocument } from '#web/features/documents/api/download-document';
import type { UploadResponse } from '#web/features/documents/api/use-upload-queue';
import { useRoomGroups } from '#web/features/groups/api/use-groups';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { copyText } from '#web/lib/clipboard';
import { useFocusAfterRemoval } from '#web/lib/use-focus-after-removal';
import type { UnlinkedReaders } from './document-row';
import { FileList } from './file-list';
import { SearchInsideFiles } from './search-inside-files';
import { UploadCard } from './upload-card';

/** The page the panel is on: each has its own words for the same files (docs/product-rules.md#pages). */
export type FilesPanelPage = 'configure' | 'setupDataRoom';

interface FilesPanelCopy {
  uploadTitle: string;
  uploadDescription: string;
  listTitle: string;
  listDescription: (count: number | undefined) => string;
  listLabel: string;
  loading: string;
  loadFailed: string;
  empty: string;
  confirmTitle: (documents: readonly DocumentListItem[]) => string;
  confirmDescription: (documents: readonly DocumentListItem[]) => string;
  confirmLabel: (count: number) => string;
  deleted: string;
  deleteFailed: string;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * /configure's copy and /setup-data-room's (docs/product-rules.md#configure, #setup-data-room): the
 * same list and controls, each page's own words, confirmation and toasts.
 */
const COPY: Record<FilesPanelPage, FilesPanelCopy> = {
  configure: {
    uploadTitle: 'Upload files',
    uploadDescription: 'Several at once. Each file is checked and stored privately.',
    listTitle: 'Your files',
    listDescription: () => 'Everything you uploaded to this data room.',
    listLabel: 'Files',
    loading: 'Loading your files…',
    loadFailed: 'your files',
    empty: 'No files yet. Upload your first file above.',
    confirmTitle: ({ length }) => (length === 1 ? 'Delete this file?' : `Delete ${length} files?`),
    confirmDescription: ({ length }) =>
      `Are you sure you want to delete ${length} file(s)? Investors lose access at once, and the links in your sections are removed.`,
    confirmLabel: (count) => (count === 1 ? 'Delete file' : `Delete ${count} files`),
    deleted: 'File deleted successfully',
    deleteFailed: 'Failed to delete file',
  },
  setupDataRoom: {
    uploadTitle: 'Upload documents',
    uploadDescription: 'Each file is checked and stored privately; only your investors can open it.',
    listTitle: 'Uploaded documents',
    listDescription: (count) =>
      count === undefined
        ? 'Everything you uploaded to your data room.'
        : `${count} ${plural(count, 'document', 'documents')} in your data room.`,
    listLabel: 'Uploaded documents',
    loading: 'Loading your documents…',
    loadFailed: 'your documents',
    empty: 'No documents yet. Upload your first file here.',
    confirmTitle: ({ length }) => (length === 1 ? 'Delete this document?' : `Delete ${length} documents?`),
    confirmDescription: (documents) =>
      documents.length > 1
        ? `Are you sure you want to delete these ${documents.length} documents? They are removed for your investors at once, with their links in your sections.`
        : `Are you sure you want to delete this document? ${documents[0] ? `“${documents[0].title}” is` : 'It is'} removed for your investors at once, with its links in your sections.`,
    confirmLabel: (count) => (count === 1 ? 'Delete document' : `Delete ${count} documents`),
    deleted: 'Document deleted successfully',
    deleteFailed: 'Failed to delete document',
  },
};

interface FilesPanelProps {
  /** Which page shows it, for that page's copy; the controls are the same on both. */
  page: FilesPanelPage;
  /** The sections an upload may be linked into, from the markdown. */
  sectionNames: readonly string[];
  onUploaded?: (uploaded: UploadResponse, section: string | undefined) => void;
  /** More actions of each uploaded file, composed by the app ("Share this document"). */
  moreActions?: ComponentProps<typeof FileList>['moreActions'];
  onDeleted?: (documentIds: readonly string[]) => void;
}

/**
 * The room's files, one component on /configure's Files tab and /setup-data-room's (ADR 58): the search
 * inside every page, an upload area, then every document with search, selection, bulk delete, Copy link,
 * Download, "Allow download" and a delete that asks first. Both pages read one query, so they are always
 * in step.
 */
export function FilesPanel({ page, sectionNames, onUploaded, onDeleted, moreActions }: FilesPanelProps) {
  const copy = COPY[page];
  const documents = useMyDocuments();
  const remove = useDeleteDocuments();
  const [pendingDelete, setPendingDelete] = useState<{
    documents: DocumentListItem[];
    clear: () => void;
  } | null>(null);
  const focus = useFocusAfterRemoval<HTMLHeadingElement>(
    (documents.data ?? []).map((document) => document.id),
    pendingDelete !== null,
  );
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());
  const roomId = useMyDataRoom().data?.id;
  // With a second group, a file no section links is no investor's (the readability rule's own test).
  const groupCount = useRoomGroups().data?.groups.length;
  const unlinkedReaders: UnlinkedReaders =
    groupCount === undefined ? undefined : groupCount > 1 ? 'team-only' : 'every-investor';

  const retry = useRetryPreview();
  const retryPreview = (document: DocumentListItem) =>
    retry.mutate(document.id, {
      onSuccess: () => toast.success('Preparing the preview again', { description: document.title }),
      onError: (error) => toast.error('Could not retry the preview', { description: error.message }),
    });

  const copyLink = async (document: DocumentListItem) => {
    const link = documentLink(document.id);
    if (await copyText(link)) toast.success('Link copied', { description: link });
    else toast.error('Could not copy the link', { description: link });
  };

  const download = async (document: DocumentListItem) => {
    setDownloading((current) => new Set(current).add(document.id));
    try {
      await saveDocument(document.id, document.title);
    } catch {
      toast.error('Download failed', { description: 'Unable to download file' });
    } finally {
      setDownloading((current) => {
        const next = new Set(current);
        next.delete(document.id);
        return next;
      });
    }
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const ids = pendingDelete.documents.map((document) => document.id);
    focus.removing(ids);
    remove.mutate(ids, {
      onSuccess: ({ deleted, failures }) => {
        focus.removed(deleted);
        if (deleted.length > 0) onDeleted?.(deleted);
        if (failures.length === 0) toast.success(copy.deleted);
        else
          toast.error(copy.deleteFailed, {
            description:
              failures.length === ids.length
                ? failures[0]?.reason
                : `${deleted.length} of ${ids.length} deleted. ${failures[0]?.reason ?? ''}`,
          });
      },
      onError: () => focus.removed([]),
      onSettled: () => {
        pendingDelete.clear();
        setPendingDelete(null);
      },
    });
  };

  const chosen = pendingDelete?.documents ?? [];
  return (
    <div className="flex flex-col gap-6">
      {/* Nothing to search before the first file. */}
      {roomId && (documents.data?.length ?? 0) > 0 && <SearchInsideFiles roomId={roomId} />}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <UploadCard
          title={copy.uploadTitle}
          description={copy.uploadDescription}
          sectionNames={sectionNames}
          onUploaded={onUploaded}
        />

        <Card>
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1.5">
              <CardTitle ref={focus.headingRef} tabIndex={-1} className="focus:outline-none">
                {copy.listTitle}
              </CardTitle>
              <CardDescription>{copy.listDescription(documents.data?.length)}</CardDescription>
            </div>
            {roomId && (documents.data?.length ?? 0) > 0 && (
              // The whole room as a zip, in folders named after its sections (docs/product-rules.md#download-all).
              <DownloadAllLink
                href={apiPath(documentRoutes.downloadAll, { params: { id: roomId } })}
                label="Download all documents of your data room"
              />
            )}
          </CardHeader>
          <CardContent>
            {documents.isPending && <Spinner label={copy.loading} />}
            {documents.isError && <LoadFailed what={copy.loadFailed} onRetry={() => documents.refetch()} />}
            {documents.data && (
              <FileList
                moreActions={moreActions}
                documents={documents.data}
                unlinkedReaders={unlinkedReaders}
                downloading={downloading}
                onCopyLink={copyLink}
                onDownload={download}
                onDelete={(chosen, clear) => setPendingDelete({ documents: chosen, clear })}
                onRetryPreview={retryPreview}
                retryingPreview={retry.isPending ? retry.variables : undefined}
                label={copy.listLabel}
                emptyText={copy.empty}
              />
            )}
          </CardContent>
        </Card>

        <ConfirmDialog
          open={pendingDelete !== null}
          title={copy.confirmTitle(chosen)}
          description={copy.confirmDescription(chosen)}
          confirmLabel={copy.confirmLabel(chosen.length)}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        />
      </div>
    </div>
  );
}
