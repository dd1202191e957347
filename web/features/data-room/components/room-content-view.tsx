import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiPath } from '#shared/contracts/api-route';
import { type DocumentListItem, documentRoutes } from '#shared/contracts/documents';
import type { DataRoomView as DataRoomData } from '#shared/contracts/rooms';
import { href } from '#shared/routes';
import type { Section } from '#shared/sections-markdown';
import { DataRoomView, type RoomRouting, type RoomSection } from '#web/components/data-room/data-room-view';
import type { DocumentRow } from '#web/components/data-room/section-documents';
import { clickUrl } from '#web/features/data-room/api/room-queries';
import { openExternal } from '#web/features/documents/api/download-document';
import { createDocumentPrefetcher, rowPrefetch } from '#web/features/viewer/api/prefetch-document';
import { formatLastUpdated, formatUpdated } from '#web/lib/format';
import type { RoomSource } from '#web/lib/query-keys';
import { OpenRoomPanel, useOpenInvitedRoom } from './invitation-entry';

export interface RoomContent {
  dataRoom: DataRoomData;
  /**
   * The room's sections as the server's parser read them for this reader; in the founder's preview, a
   * section may carry the founder's mark (who cannot see it), which its card and list show.
   */
  sections: (Section & { mark?: string })[];
  documents: DocumentListItem[];
}

interface RoomContentViewProps {
  content: RoomContent;
  source: RoomSource;
  /** The invited view (no session): the address the invitation was sent to. */
  invitedEmail?: string | null;
  /** 'Back to sections' (default), or 'Close preview' in the founder's preview. */
  backLabel?: string;
  /** Above the company header: a banner or a 'Back to dashboard' button. */
  top?: ReactNode;
  /**
   * The viewer's URL for an uploaded document of the room; by default the room's own
   * (/data-room/:id/documents/:documentId). The founder's preview opens its own.
   */
  documentHref?: (documentId: string) => string;
  /** The room read at its URL (its sections at theirs); without it sections open in place (the preview). */
  routing?: RoomRouting;
  /** Investors never see an empty section (the founder's preview shows them, to be filled). */
  hideEmptySections?: boolean;
  /** Answers to the reader's questions they have not seen, per document id: a badge on its row. */
  unseenAnswers?: ReadonlyMap<string, number>;
  /**
   * The search inside the room's pages, under its header; in the invited view it is given the way to open
   * a page found (the invitation accepted first, as a document's row does).
   */
  search?: (openInvited?: OpenInvitedPage) => ReactNode;
}

/** Opens a document of the invited view's room at a page, with a search's words highlighted. */
export type OpenInvitedPage = (documentId: string, at: { page: number; q: string }) => void;

/**
 * A real room in the data-room view: its sections as the server's parser read them (a reader's page
 * carries no parser: docs/decisions/0075-the-investors-first-screen.md), shown as text; an uploaded
 * document opens in the viewer (in the invited view, "Read" first opens the room with the invitation),
 * a link opens through the server's click log. (docs/product-rules.md#data-room-view, #preview)
 */
export function RoomContentView({
  content,
  source,
  invitedEmail = null,
  backLabel,
  top,
  documentHref,
  routing,
  hideEmptySections = false,
  unseenAnswers,
  search,
}: RoomContentViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const cameBackToSection = (location.state as { openSectionId?: number } | null)?.openSectionId ?? null;
  const { dataRoom, documents } = content;
  const company = companyOf(dataRoom);
  const uploads = useMemo(() => new Map(documents.map((doc) => [doc.id, doc])), [documents]);
  const invited = useOpenInvitedRoom(source.kind === 'invite' ? source.token : '');
  const queryClient = useQueryClient();
  // Only a member's session reads ahead: the invited view fetches nothing before the POST that accepts
  // the invitation (ADR 55).
  const prefetcher = useMemo(
    () => (source.kind === 'member' ? createDocumentPrefetcher(queryClient) : null),
    [queryClient, source.kind],
  );

  const viewerHref = (documentId: string) =>
    source.kind === 'member'
      ? (documentHref?.(documentId) ?? href('documentInRoom', { id: source.roomId, documentId }))
      : undefined;

  const sections: RoomSection[] = content.sections
    .filter((section) => !hideEmptySections || section.documents.length > 0)
    .map((section) => ({
      ...section,
      documents: section.documents.map((doc, index) => {
        const upload = doc.documentId ? uploads.get(doc.documentId) : undefined;
        return {
          key: String(index),
          title: doc.title,
          fileType: doc.fileType,
          isUploaded: doc.isUploaded,
          isViewOnly: upload ? !upload.isDownloadAllowed : false,
          badge: answerBadge(doc.documentId ? (unseenAnswers?.get(doc.documentId) ?? 0) : 0),
          updatedLabel: formatUpdated(upload?.updatedAt ?? dataRoom.updatedAt),
          // At a URL, rows are real links: the viewer's (its Back returns to this page), or the click log's.
          href: routing
            ? doc.isUploaded && doc.documentId
              ? viewerHref(doc.documentId)
              : clickUrl(source, doc.url)
            : undefined,
          linkState: { backTo: `${location.pathname}${location.search}` },
          ...rowPrefetch(prefetcher, doc.documentId ? uploads.get(doc.documentId) : undefined),
        };
      }),
    }));

  function openDocument(section: RoomSection, row: DocumentRow) {
    const doc = content.sections.find((candidate) => candidate.id === section.id)?.documents[Number(row.key)];
    if (!doc) return;
    if (!doc.isUploaded || !doc.documentId) {
      openExternal(clickUrl(source, doc.url));
      return;
    }
    if (source.kind === 'invite') {
      // Reading needs a session: the tap opens the room with the invitation, then the document.
      invited.open(doc.documentId);
      return;
    }
    // Read in the viewer, at a URL of its own: the back button returns here, to this section (kept in
    // this history entry).
    navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: { openSectionId: section.id },
    });
    navigate(viewerHref(doc.documentId) ?? href('dataRoomById', { id: source.roomId }));
  }

  // "Download all" needs a session: members and the room's managers, at the room's URL.
  const downloadAllHref =
    source.kind === 'member' && routing
      ? (sectionId: number | null) => {
          const chosen = content.sections.filter((section) => sectionId === null || section.id === sectionId);
          const any = chosen.some((section) =>
            section.documents.some((doc) => doc.documentId && uploads.get(doc.documentId)?.isDownloadAllowed),
          );
          if (!any) return undefined;
          return apiPath(documentRoutes.downloadAll, {
            params: { id: source.roomId },
            ...(sectionId === null ? {} : { query: { section: sectionId } }),
          });
        }
      : undefined;

  const notice =
    source.kind === 'invite' && invited.error ? (
      <p role="alert" className="mt-6 text-sm font-medium text-red-700">
        {invited.error.message}
      </p>
    ) : undefined;

  return (
    <DataRoomView
      company={company}
      lastUpdated={formatLastUpdated(dataRoom.updatedAt)}
      sections={sections}
      onOpenDocument={openDocument}
      notice={notice}
      backLabel={backLabel}
      top={
        source.kind === 'invite' ? (
          <>
            {top}
            <OpenRoomPanel token={source.token} invitedEmail={invitedEmail} companyName={company.name} />
          </>
        ) : (
          top
        )
      }
      search={search?.(source.kind === 'invite' ? invited.open : undefined)}
      initialOpenSectionId={cameBackToSection}
      routing={routing}
      downloadAllHref={downloadAllHref}
    />
  );
}

/** 'New answer', '2 new answers', or nothing. */
export function answerBadge(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count === 1 ? 'New answer' : `${count} new answers`;
}

/**
 * The company header: the room's profile, which the sections' Company Information block edits too
 * (ADR 38), so the header, the investor's dashboard card and /admin show the same.
 */
function companyOf(dataRoom: DataRoomData) {
  return {
    name: dataRoom.companyName,
    stage: dataRoom.stage,
    description: dataRoom.description || dataRoom.companyDescription,
  };
}
