import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { DocumentListItem } from '../../../../shared/contracts/documents';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteDocuments, useMyDocuments } from '../api/document-hooks';
import { type UploadResponse, useUploadQueue } from '../api/use-upload-queue';
import { DocumentRow } from './document-row';
import { UploadDropzone } from './upload-dropzone';
import { UploadProgressList } from './upload-progress-list';
import { UploadSectionField, useUploadSection } from './upload-section-field';

interface UploadedDocumentsPanelProps {
  /** The sections an upload may be linked into, from the markdown. */
  sectionNames: readonly string[];
  onUploaded?: (uploaded: UploadResponse, section: string | undefined) => void;
  onDeleted?: (documentIds: readonly string[]) => void;
}

/**
 * The setup page's Files tab (spec section 2, Setup-data-room): an upload area and the uploaded
 * documents, each with its section, size, date and badge, and a delete that asks first. The console's
 * Files tab (FilesPanel) adds search, bulk selection, links and downloads on the same pieces.
 */
export function UploadedDocumentsPanel({ sectionNames, onUploaded, onDeleted }: UploadedDocumentsPanelProps) {
  const documents = useMyDocuments();
  const uploads = useUploadQueue();
  const remove = useDeleteDocuments();
  const { section, setSection, uploadOptions } = useUploadSection(sectionNames);
  const [pendingDelete, setPendingDelete] = useState<DocumentListItem | null>(null);

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate([pendingDelete.id], {
      onSuccess: ({ deleted, failures }) => {
        if (deleted.length > 0) onDeleted?.(deleted);
        if (failures.length === 0) toast.success('Document deleted successfully');
        else toast.error('Failed to delete document', { description: failures[0]?.reason });
      },
      onSettled: () => setPendingDelete(null),
    });
  };

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <div className="flex flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Upload documents</CardTitle>
            <CardDescription>
              Each file is checked and stored privately; only your investors can open it.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <UploadSectionField sectionNames={sectionNames} value={section} onChange={setSection} />
            <UploadDropzone onFiles={(files) => uploads.add(files, { ...uploadOptions, onUploaded })} />
          </CardContent>
        </Card>
        <UploadProgressList items={uploads.items} onClear={uploads.clearFinished} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Uploaded documents</CardTitle>
          <CardDescription>
            {documents.data
              ? `${documents.data.length} ${documents.data.length === 1 ? 'document' : 'documents'} in your data room.`
              : 'Everything you uploaded to your data room.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {documents.isPending && <Spinner label="Loading your documents…" />}
          {documents.isError && (
            <div className="flex flex-col items-start gap-2 text-sm">
              <p className="text-slate-700">Something went wrong: your documents could not be loaded.</p>
              <Button variant="outline" size="sm" onClick={() => documents.refetch()}>
                Try again
              </Button>
            </div>
          )}
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
                      singleAction
                      actions={
                        <Button
                          variant="ghost"
                          size="icon"
                          title="Delete"
                          aria-label={`Delete ${document.title}`}
                          onClick={() => setPendingDelete(document)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
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
