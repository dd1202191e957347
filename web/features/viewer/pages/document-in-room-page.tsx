import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { safeReturnTo } from '#shared/return-to';
import { href } from '#shared/routes';
import { AppPage } from '#web/components/app/app-page';
import { Button } from '#web/components/ui/button';
import { RenameDialog } from '#web/components/ui/rename-dialog';
import { useCurrentUser } from '#web/features/auth/api/auth-hooks';
import { useRenameDocument } from '#web/features/documents/api/use-rename-document';
import { usePreview } from '#web/features/viewer/api/preview-queries';
import { DocumentViewer } from '#web/features/viewer/components/document-viewer';
import { viewerKeys } from '#web/lib/query-keys';

/**
 * /data-room/:id/documents/:documentId: a document of a room, read by a member or the owner. "Back" returns
 * to the room's page it was opened from (a section's, kept in the link's state), else the room. `below`
 * is what the app composes under the document (its questions). The room's founder and co-founders may
 * rename it here too.
 */
export function DocumentInRoomPage({
  below,
  actions,
}: Pick<ComponentProps<typeof DocumentViewer>, 'below' | 'actions'>) {
  const { id = '', documentId = '' } = useParams();
  const location = useLocation();
  const user = useCurrentUser();
  const roomHref = href('dataRoomById', { id });
  const openedFrom = safeReturnTo((location.state as { backTo?: string } | null)?.backTo);
  const back =
    openedFrom?.startsWith(`${roomHref}/sections/`) === true
      ? { to: openedFrom, label: 'Back to the section' }
      : { to: roomHref, label: 'Back to the data room' };
  const managesRoom = user.data?.managedRoom?.id === id;
  // A document link's reader reads this document alone: there is no room to go back to (ADR 95).
  const isDocumentLinkReader = user.data?.onlyDocumentId === documentId;
  return (
    <AppPage title="Document">
      <DocumentViewer
        // A link to this document at another page (a search result) opens it there afresh: the viewer
        // reads its page and words from the address as it opens.
        key={`${documentId}:${location.key}`}
        documentId={documentId}
        back={isDocumentLinkReader ? null : back}
        below={below}
        actions={managesRoom ? <RenameInViewer documentId={documentId}>{actions}</RenameInViewer> : actions}
      />
    </AppPage>
  );
}

/** /preview/documents/:documentId: a document of the founder's own room, opened from the preview. */
export function PreviewDocumentPage() {
  const { documentId = '' } = useParams();
  return (
    <AppPage title="Document">
      <DocumentViewer
        key={documentId}
        documentId={documentId}
        back={{ to: href('preview'), label: 'Back to the preview' }}
        actions={<RenameInViewer documentId={documentId} />}
      />
    </AppPage>
  );
}

/**
 * The founder's Rename beside the document (before the page's other actions): the title investors read
 * everywhere, its type kept (docs/product-rules.md#file-types). The viewer's own answer is asked again,
 * so the heading shows the new title.
 */
function RenameInViewer({ documentId, children }: { documentId: string; children?: ReactNode }) {
  const queryClient = useQueryClient();
  const rename = useRenameDocument();
  const [title, setTitle] = useState<string>();
  const current = usePreview(documentId).data?.title;
  return (
    <>
      {current !== undefined && (
        <Button variant="outline" onClick={() => setTitle(current)}>
          <Pencil aria-hidden="true" />
          Rename
        </Button>
      )}
      {children}
      <RenameDialog
        open={title !== undefined}
        heading="Rename document"
        title={title ?? ''}
        busy={rename.isPending}
        error={rename.error?.message}
        onCancel={() => {
          rename.reset();
          setTitle(undefined);
        }}
        onSave={(next) =>
          rename.mutate(
            { documentId, title: next },
            {
              onSuccess: () => {
                void queryClient.invalidateQueries({ queryKey: viewerKeys.preview(documentId) });
                toast.success('Document renamed');
                setTitle(undefined);
              },
            },
          )
        }
      />
    </>
  );
}
