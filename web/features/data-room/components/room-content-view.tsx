import { LogIn, X } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { DocumentListItem } from '../../../../shared/contracts/documents';
import type { DataRoomView as DataRoomData } from '../../../../shared/contracts/rooms';
import { href } from '../../../../shared/routes';
import type { ParsedSections } from '../../../../shared/sections-markdown';
import { DataRoomView, type RoomSection } from '../../../components/data-room/data-room-view';
import type { DocumentRow } from '../../../components/data-room/section-documents';
import { Button } from '../../../components/ui/button';
import { formatLastUpdated, formatUpdated } from '../../../lib/format';
import { useParsedSections } from '../../../lib/sections-parser/use-parsed-sections';
import { openExternal } from '../../documents/api/download-document';
import { clickUrl, type RoomSource } from '../api/room-queries';
import { RoomLoading } from './room-states';

export interface RoomContent {
  dataRoom: DataRoomData;
  markdown: string;
  documents: DocumentListItem[];
}

interface RoomContentViewProps {
  content: RoomContent;
  source: RoomSource;
  /** The invited view (no session): uploaded files ask the visitor to sign in as this e-mail. */
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
}

/**
 * A real room in the data-room view: the markdown parsed with the shared parser and shown as text;
 * an uploaded document opens in the viewer (or, in the invited view, asks the visitor to sign in), a
 * link opens through the server's click log.
 * (docs/product-rules.md#data-room-view, #preview)
 * The parse runs in a Web Worker (ADR 26), so a long room never holds up the page; until the first
 * one finishes the room shows as loading, and a refreshed room keeps the previous parse meanwhile.
 */
export function RoomContentView(props: RoomContentViewProps) {
  const { parsed } = useParsedSections(props.content.markdown);
  if (!parsed) return <RoomLoading />;
  return <ParsedRoomContentView {...props} parsed={parsed} />;
}

function ParsedRoomContentView({
  content,
  source,
  invitedEmail = null,
  backLabel,
  top,
  documentHref,
  parsed,
}: RoomContentViewProps & { parsed: ParsedSections }) {
  const navigate = useNavigate();
  const location = useLocation();
  const cameBackToSection = (location.state as { openSectionId?: number } | null)?.openSectionId ?? null;
  const { dataRoom, documents } = content;
  const company = companyOf(dataRoom);
  const uploads = useMemo(() => new Map(documents.map((doc) => [doc.id, doc])), [documents]);
  const [signInFor, setSignInFor] = useState<string | null>(null);
  const isInvitedView = source.kind === 'invite';

  const sections: RoomSection[] = parsed.sections.map((section) => ({
    ...section,
    documents: section.documents.map((doc, index) => {
      const upload = doc.documentId ? uploads.get(doc.documentId) : undefined;
      return {
        key: String(index),
        title: doc.title,
        fileType: doc.fileType,
        isUploaded: doc.isUploaded,
        isViewOnly: upload ? !upload.isDownloadAllowed : false,
        updatedLabel: formatUpdated(upload?.updatedAt ?? dataRoom.updatedAt),
      };
    }),
  }));

  function openDocument(section: RoomSection, row: DocumentRow) {
    const doc = parsed.sections.find((parsedSection) => parsedSection.id === section.id)?.documents[
      Number(row.key)
    ];
    if (!doc) return;
    if (!doc.isUploaded || !doc.documentId) {
      openExternal(clickUrl(source, doc.url));
      return;
    }
    if (isInvitedView) {
      setSignInFor(doc.title);
      return;
    }
    if (source.kind === 'member') {
      // Read in the viewer, at a URL of its own: the back button returns here, to this section (kept in
      // this history entry), and the link can be shared.
      navigate(`${location.pathname}${location.search}`, {
        replace: true,
        state: { openSectionId: section.id },
      });
      navigate(
        documentHref?.(doc.documentId) ??
          href('documentInRoom', { id: source.roomId, documentId: doc.documentId }),
      );
    }
  }

  const signInNotice = signInFor !== null && (
    <div
      role="alert"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-indigo-200 bg-indigo-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="min-w-0">
        <p className="font-semibold break-words text-indigo-950">Sign in to download “{signInFor}”</p>
        <p className="mt-0.5 text-sm break-words text-indigo-900">
          Files uploaded to this data room are for invited investors who have signed in.
          {invitedEmail ? ` Sign in as ${invitedEmail} to download it.` : ' Sign in to download it.'}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Button asChild>
          <Link
            to={invitedEmail ? `${href('login')}?email=${encodeURIComponent(invitedEmail)}` : href('login')}
          >
            <LogIn aria-hidden="true" />
            Sign in to download
          </Link>
        </Button>
        <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={() => setSignInFor(null)}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  );

  return (
    <DataRoomView
      company={company}
      lastUpdated={formatLastUpdated(dataRoom.updatedAt)}
      sections={sections}
      onOpenDocument={openDocument}
      onNavigate={() => setSignInFor(null)}
      notice={signInNotice}
      backLabel={backLabel}
      top={top}
      initialOpenSectionId={cameBackToSection}
    />
  );
}

/**
 * The company header: the room's profile, which the sections' Company Information block edits too
 * (DESIGN.md answer 13, ADR 38), so the header, the investor's dashboard card and /admin show the same.
 */
function companyOf(dataRoom: DataRoomData) {
  return {
    name: dataRoom.companyName,
    stage: dataRoom.stage,
    description: dataRoom.description || dataRoom.companyDescription,
  };
}
