import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { DocumentListItem } from '../../../../shared/contracts/documents';
import { LoadFailed } from '../../../components/app/load-failed';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { FOCUS_ROW_ATTRIBUTE, useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useDeleteDocuments, useMyDocuments, useRetryPreview } from '../api/document-hooks';
import type { UploadResponse } from '../api/use-upload-queue';
import { DocumentRow } from './document-row';
import { DownloadPolicySelect } from './download-policy-select';
import { UploadCard } from './upload-card';

interface UploadedDocumentsPanelProps {
  /** The sections an upload may be linked into, from the markdown. */
  sectionNames: readonly string[];
  onUploaded?: (uploaded: UploadResponse, section: string | undefined) => void;
  onDeleted?: (documentIds: readonly string[]) => void;
}

/**
 * The setup page's Files tab (docs/product-rules.md#setup-data-room): an upload area and the uploaded
 * documents, each with its section, size, date and badges, its "Allow download", and a delete that asks first. The console's
 * Files tab (FilesPanel) adds search, bulk selection, links and downloads on the same pieces.
 */
export function UploadedDocumentsPanel({ sectionNames, onUploaded, onDeleted }: UploadedDocumentsPanelProps) {
  const documents = useMyDocuments();
  const remove = useDeleteDocuments();
  const [pendingDelete, setPendingDelete] = useState<DocumentListItem | null>(null);
  const focus = useFocusAfterRemoval<HTMLHeadingElement>(
    (documents.data ?? []).map((document) => document.id),
    pendingDelete !== null,
  );

  const retry = useRetryPreview();
  const retryPreview = (document: DocumentListItem) =>
    retry.mutate(document.id, {
      onSuccess: () => toast.success('Preparing the preview again', { description: document.title }),
      onError: (error) => toast.error('Could not retry the preview', { description: error.message }),
    });

  const confirmDelete = () => {
    if (!pendingDelete) return;
    focus.removing([pendingDelete.id]);
    remove.mutate([pendingDelete.id], {
      onSuccess: ({ deleted, failures }) => {
        focus.removed(deleted);
        if (deleted.length > 0) onDeleted?.(deleted);
        if (failures.length === 0) toast.success('Document deleted successfully');
        else toast.error('Failed to delete document', { description: failures[0]?.reason });
      },
      onError: () => focus.removed([]),
      onSettled: () => setPendingDelete(null),
    });
  };

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <UploadCard
        title="Upload documents"
        description="Each file is checked and stored privately; only your investors can open it."
        sectionNames={sectionNames}
        onUploaded={onUploaded}
      />

      <Card>
        <CardHeader>
          <CardTitle ref={focus.headingRef} tabIndex={-1} className="focus:outline-none">
            Uploaded documents
          </CardTitle>
          <CardDescription>
            {documents.data
              ? `${documents.data.length} ${documents.data.length === 1 ? 'document' : 'documents'} in your data room.`
              : 'Everything you uploaded to your data room.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {documents.isPending && <Spinner label="Loading your documents…" />}
          {documents.isError && <LoadFailed what="your documents" onRetry={() => documents.refetch()} />}
          {documents.data &&
            (documents.data.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">
                No documents yet. Upload your first file here.
              </p>
            ) : (
              <ul aria-label="Uploaded documents" className="divide-y divide-slate-200">
                {documents.data.map((document) => (
                  <li key={document.id}>
                    <DocumentRow
                      document={document}
                      onRetryPreview={retryPreview}
                      isRetryingPreview={retry.isPending && retry.variables === document.id}
                      actions={
                        <>
                          <DownloadPolicySelect document={document} />
                          <Button
                            variant="ghost"
                            size="icon"
                            title="Delete"
                            aria-label={`Delete ${document.title}`}
                            {...{ [FOCUS_ROW_ATTRIBUTE]: document.id }}
                            onClick={() => setPendingDelete(document)}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </>
                      }
                    />
                  </li>
                ))}
              </ul>
            ))}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete this document?"
        description={`Are you sure you want to delete this document? ${pendingDelete ? `“${pendingDelete.title}” is` : 'It is'} removed for your investors at once, with its links in your sections.`}
        confirmLabel="Delete document"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
