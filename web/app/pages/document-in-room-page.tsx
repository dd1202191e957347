import { useParams } from 'react-router';
import { useCurrentUser } from '#web/features/auth/api/auth-hooks';
import { RoomBrandScope } from '#web/features/brand/components/room-brand-scope';
import {
  DocumentQuestionsPanel,
  QuestionsLink,
} from '#web/features/questions/components/document-questions-panel';
import { ViewerSearch } from '#web/features/search/components/viewer-search';
import { DocumentInRoomPage as ViewerPage } from '#web/features/viewer/pages/document-in-room-page';

/**
 * /data-room/:id/documents/:documentId: the viewer's document, with the room's search in its header
 * (docs/decisions/0088-search-inside-every-page.md) and its questions under it
 * (docs/product-rules.md#questions), composed here as features use each other only through their api
 * folders.
 */
export function DocumentInRoomPage() {
  const { id = '', documentId = '' } = useParams();
  // A document link's reader has this document alone: the room's search is not theirs (ADR 95).
  const readsOnlyThis = useCurrentUser().data?.onlyDocumentId === documentId;
  return (
    // The viewer's header wears the room's brand (ADR 94); the banner stays on the room's pages. A
    // document link's reader may read nothing of the room but the document, its brand included (ADR 95).
    <RoomBrandScope source={readsOnlyThis ? null : { kind: 'member', roomId: id }}>
      <ViewerPage
        actions={
          <>
            {!readsOnlyThis && <ViewerSearch roomId={id} />}
            <QuestionsLink documentId={documentId} />
          </>
        }
        below={({ document, page }) => (
          <DocumentQuestionsPanel
            roomId={id}
            documentId={document.documentId}
            documentTitle={document.title}
            page={page}
          />
        )}
      />
    </RoomBrandScope>
  );
}
