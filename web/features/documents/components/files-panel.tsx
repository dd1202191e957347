import { useState } from 'react';
import { toast } from 'sonner';
import type { DocumentListItem } from '../../../../shared/contracts/documents';
import { LoadFailed } from '../../../components/app/load-failed';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { copyText } from '../../../lib/clipboard';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useDeleteDocuments, useMyDocuments, useRetryPreview } from '../api/document-hooks';
import { documentLink, saveDocument } from '../api/download-document';
import type { UploadResponse } from '../api/use-upload-queue';
import { FileList } from './file-list';
import { UploadCard } from './upload-card';

interface FilesPanelProps {
  /** The sections an upload may be linked into, from the markdown. */
  sectionNames: readonly string[];
  onUploaded?: (uploaded: UploadResponse, section: string | undefined) => void;
  onDeleted?: (documentIds: readonly string[]) => void;
}

/** The console's Files tab (docs/product-rules.md#configure). */
export function FilesPanel({ sectionNames, onUploaded, onDeleted }: FilesPanelProps) {
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
        if (failures.length === 0) toast.success('File deleted successfully');
        else
          toast.error('Failed to delete file', {
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

  const count = pendingDelete?.documents.length ?? 0;
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
      <UploadCard
        title="Upload files"
        description="Several at once. Each file is checked and stored privately."
        sectionNames={sectionNames}
        onUploaded={onUploaded}
      />

      <Card>
        <CardHeader>
          <CardTitle ref={focus.headingRef} tabIndex={-1} className="focus:outline-none">
            Your files
          </CardTitle>
          <CardDescription>Everything you uploaded to this data room.</CardDescription>
        </CardHeader>
        <CardContent>
          {documents.isPending && <Spinner label="Loading your files…" />}
          {documents.isError && <LoadFailed what="your files" onRetry={() => documents.refetch()} />}
          {documents.data && (
            <FileList
              documents={documents.data}
              downloading={downloading}
              onCopyLink={copyLink}
              onDownload={download}
              onDelete={(chosen, clear) => setPendingDelete({ documents: chosen, clear })}
              onRetryPreview={retryPreview}
              retryingPreview={retry.isPending ? retry.variables : undefined}
            />
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={pendingDelete !== null}
        title={count === 1 ? 'Delete this file?' : `Delete ${count} files?`}
        description={`Are you sure you want to delete ${count} file(s)? Investors lose access at once, and the links in your sections are removed.`}
        confirmLabel={count === 1 ? 'Delete file' : `Delete ${count} files`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
