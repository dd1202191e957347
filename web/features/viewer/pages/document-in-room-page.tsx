import type { ComponentProps } from 'react';
import { useLocation, useParams } from 'react-router';
import { safeReturnTo } from '#shared/return-to';
import { href } from '#shared/routes';
import { AppPage } from '#web/components/app/app-page';
import { DocumentViewer } from '#web/features/viewer/components/document-viewer';

/**
 * /data-room/:id/documents/:documentId: a document of a room, read by a member or the owner. "Back" returns
 * to the room's page it was opened from (a section's, kept in the link's state), else the room. `below`
 * is what the app composes under the document (its questions).
 */
export function DocumentInRoomPage({
  below,
  actions,
}: Pick<ComponentProps<typeof DocumentViewer>, 'below' | 'actions'>) {
  const { id = '', documentId = '' } = useParams();
  const location = useLocation();
  const roomHref = href('dataRoomById', { id });
  const openedFrom = safeReturnTo((location.state as { backTo?: string } | null)?.backTo);
  const back =
    openedFrom?.startsWith(`${roomHref}/sections/`) === true
      ? { to: openedFrom, label: 'Back to the section' }
      : { to: roomHref, label: 'Back to the data room' };
  return (
    <AppPage title="Document">
      <DocumentViewer key={documentId} documentId={documentId} back={back} below={below} actions={actions} />
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
      />
    </AppPage>
  );
}
