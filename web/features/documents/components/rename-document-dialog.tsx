import { toast } from 'sonner';
import type { DocumentListItem } from '#shared/contracts/documents';
import { RenameDialog } from '#web/components/ui/rename-dialog';
import { useRenameDocument } from '#web/features/documents/api/use-rename-document';

/**
 * Renames an uploaded file from the files list: the title investors read everywhere; its type stays the
 * stored one (docs/product-rules.md#file-types), so "Seed deck" is still a PDF.
 */
export function RenameDocumentDialog({
  document,
  onClose,
}: {
  document: DocumentListItem | undefined;
  onClose: () => void;
}) {
  const rename = useRenameDocument();
  return (
    <RenameDialog
      open={document !== undefined}
      heading="Rename file"
      title={document?.title ?? ''}
      busy={rename.isPending}
      error={rename.error?.message}
      onCancel={() => {
        rename.reset();
        onClose();
      }}
      onSave={(title) => {
        if (!document) return;
        rename.mutate(
          { documentId: document.id, title },
          {
            onSuccess: () => {
              toast.success('File renamed');
              onClose();
            },
          },
        );
      }}
    />
  );
}
