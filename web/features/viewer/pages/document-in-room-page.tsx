import { useParams } from 'react-router';
import { href } from '../../../../shared/routes';
import { AppPage } from '../../../components/app/app-page';
import { DocumentViewer } from '../components/document-viewer';

/** /data-room/:id/documents/:documentId: a document of a room, read by a member or the owner. */
export function DocumentInRoomPage() {
  const { id = '', documentId = '' } = useParams();
  return (
    <AppPage title="Document">
      <DocumentViewer
        key={documentId}
        documentId={documentId}
        back={{ to: href('dataRoomById', { id }), label: 'Back to the data room' }}
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
      />
    </AppPage>
  );
}
