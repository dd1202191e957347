import { LogIn, X } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DocumentListItem } from '../../../../shared/contracts/documents';
import type { DataRoomView as DataRoomData } from '../../../../shared/contracts/rooms';
import { href } from '../../../../shared/routes';
import {
  DEFAULT_COMPANY,
  type ParsedSections,
  parseSectionsMarkdown,
  type SectionDocument,
} from '../../../../shared/sections-markdown';
import { CompanyHeader } from '../../../components/data-room/company-header';
import { type DocumentRow, SectionDocuments } from '../../../components/data-room/section-documents';
import { SectionGrid, sectionCardId } from '../../../components/data-room/section-grid';
import { Button } from '../../../components/ui/button';
import { formatLastUpdated, formatUpdated } from '../../../lib/format';
import { downloadDocument, openExternal } from '../../documents/download-document';
import { clickUrl, type RoomSource } from '../api/room-queries';

/** Below the sticky header (4rem) with a little air: where an opened section's list starts. */
const SCROLL_MARGIN_PX = 80;

export interface RoomContent {
  dataRoom: DataRoomData;
  markdown: string;
  documents: DocumentListItem[];
}

interface DataRoomViewProps {
  content: RoomContent;
  source: RoomSource;
  /** The invited view (no session): uploaded files ask the visitor to sign in as this e-mail. */
  invitedEmail?: string | null;
  /** 'Back to sections' (default), or 'Close preview' in the founder's preview. */
  backLabel?: string;
  /** Above the company header: a banner or a 'Back to dashboard' button. */
  top?: ReactNode;
}

/**
 * The one data-room view (docs/product-rules.md#data-room-view, #preview): company header, section
 * cards, a section's documents. The markdown is parsed here with the shared parser and shown as text.
 */
export function DataRoomView({ content, source, invitedEmail = null, backLabel, top }: DataRoomViewProps) {
  const { dataRoom, markdown, documents } = content;
  const parsed = useMemo(() => parseSectionsMarkdown(markdown), [markdown]);
  const sections = parsed.sections;
  const company = companyOf(dataRoom, parsed.company);
  const uploads = useMemo(() => new Map(documents.map((doc) => [doc.id, doc])), [documents]);
  const documentCount = sections.reduce((sum, section) => sum + section.documents.length, 0);

  const [openSectionId, setOpenSectionId] = useState<number | null>(null);
  const [signInFor, setSignInFor] = useState<string | null>(null);
  const sectionHeadingRef = useRef<HTMLHeadingElement>(null);
  const openSection = sections.find((section) => section.id === openSectionId);
  const isInvitedView = source.kind === 'invite';

  function open(sectionId: number) {
    flushSync(() => {
      setSignInFor(null);
      setOpenSectionId(sectionId);
    });
    const heading = sectionHeadingRef.current;
    if (!heading) return;
    const section = heading.closest('section');
    if (section && section.getBoundingClientRect().top < SCROLL_MARGIN_PX) section.scrollIntoView();
    heading.focus({ preventScroll: true });
  }

  function back() {
    const sectionId = openSectionId;
    flushSync(() => {
      setSignInFor(null);
      setOpenSectionId(null);
    });
    window.scrollTo(0, 0);
    if (sectionId !== null) document.getElementById(sectionCardId(sectionId))?.focus({ preventScroll: true });
  }

  function rowsOf(sectionDocuments: SectionDocument[]): DocumentRow[] {
    return sectionDocuments.map((doc, index) => {
      const upload = doc.documentId ? uploads.get(doc.documentId) : undefined;
      return {
        key: String(index),
        title: doc.title,
        fileType: doc.fileType,
        isUploaded: doc.isUploaded,
        updatedLabel: formatUpdated(upload?.updatedAt ?? dataRoom.updatedAt),
      };
    });
  }

  function openDocument(key: string) {
    const doc = openSection?.documents[Number(key)];
    if (!doc) return;
    if (!doc.isUploaded || !doc.documentId) {
      openExternal(clickUrl(source, doc.url));
      return;
    }
    if (isInvitedView) {
      setSignInFor(doc.title);
      return;
    }
    void downloadDocument(doc.documentId, doc.title).then((result) => {
      if (result === 'opened')
        toast.error('Download failed', { description: 'The file was opened in a new tab instead.' });
    });
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
    <div className="flex flex-col gap-8">
      {top}
      <CompanyHeader
        company={company}
        lastUpdated={formatLastUpdated(dataRoom.updatedAt)}
        documentCount={documentCount}
      />
      {openSection ? (
        <SectionDocuments
          section={openSection}
          documents={rowsOf(openSection.documents)}
          headingRef={sectionHeadingRef}
          backLabel={backLabel}
          onBack={back}
          onOpenDocument={openDocument}
          notice={signInNotice}
        />
      ) : (
        <SectionGrid sections={sections} onOpen={open} />
      )}
    </div>
  );
}

/**
 * The company header: what the markdown's '# Company Information' block says
 * (docs/product-rules.md#sections-markdown), field by field; where it says nothing (the parser's default),
 * the company profile.
 */
function companyOf(dataRoom: DataRoomData, fromMarkdown: ParsedSections['company']) {
  const pick = (value: string, fallback: string, parserDefault: string) =>
    value.trim() && value !== parserDefault ? value : fallback || value;
  return {
    name: pick(fromMarkdown.name, dataRoom.companyName, DEFAULT_COMPANY.name),
    stage: pick(fromMarkdown.stage, dataRoom.stage, DEFAULT_COMPANY.stage),
    description: pick(
      fromMarkdown.description,
      dataRoom.description || dataRoom.companyDescription,
      DEFAULT_COMPANY.description,
    ),
  };
}
