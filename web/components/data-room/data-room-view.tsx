import { type ReactNode, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CompanyHeader, type RoomCompany } from './company-header';
import { type DocumentRow, DownloadAllLink, SectionDocuments } from './section-documents';
import { SectionGrid, type SectionSummary, sectionCardId } from './section-grid';

/** Below the sticky header (4rem) with a little air: where an opened section's list starts. */
const SCROLL_MARGIN_PX = 80;

/** At most this many sections: the room's page shows their documents at once, without the extra tap. */
export const FEW_SECTIONS = 3;

/**
 * A room read at its URL (docs/decisions/0055-invitation-as-credential.md): the open section comes from
 * the URL, cards and the way back are links, and Back returns where the reader came from.
 */
export interface RoomRouting {
  openSectionId: number | null;
  roomHref: string;
  sectionHref: (sectionId: number) => string;
}

/** A section as the view shows it: its card, and its documents already worded as rows. */
export interface RoomSection extends SectionSummary {
  documents: readonly DocumentRow[];
}

interface DataRoomViewProps {
  company: RoomCompany;
  /** 'Today', 'Mar 4, 2026': the 'Last updated' tile. */
  lastUpdated: string;
  sections: readonly RoomSection[];
  /** The reader chose a document in the open section. */
  onOpenDocument: (section: RoomSection, row: DocumentRow) => void;
  /** The reader opened a section or went back to the grid (a notice about the last one may go). */
  onNavigate?: () => void;
  /** Shown in the open section, between its heading and its list (e.g. a sign-in prompt). */
  notice?: ReactNode;
  /** 'Back to sections' (default), or 'Close preview' in the founder's preview. */
  backLabel?: string;
  /** Above the company header: a banner or a 'Back to dashboard' button. */
  top?: ReactNode;
  /** Under the company header, on every place of the room: the search inside its pages. */
  search?: ReactNode;
  /** The section open at first (coming back from a document opened in it). */
  initialOpenSectionId?: number | null;
  /** The room at its URL; without it (the preview, the demo) sections open in place. */
  routing?: RoomRouting;
  /**
   * "Download all" of the room (null) or of a section: its zip's URL, or undefined where the reader has
   * nothing to download there (docs/product-rules.md#download-all). Without it, no such link.
   */
  downloadAllHref?: (sectionId: number | null) => string | undefined;
}

/**
 * A data room as its readers browse it (docs/product-rules.md#data-room-view, #preview, #demo):
 * company header, section cards, one section's documents, and the way back. Opening a section moves
 * focus to its heading (scrolled into view when the card was far down); going back returns focus to
 * the card it came from.
 */
export function DataRoomView({
  company,
  lastUpdated,
  sections,
  onOpenDocument,
  onNavigate,
  notice,
  backLabel,
  top,
  search,
  initialOpenSectionId = null,
  routing,
  downloadAllHref,
}: DataRoomViewProps) {
  const [localOpenSectionId, setOpenSectionId] = useState<number | null>(initialOpenSectionId);
  const openSectionId = routing ? routing.openSectionId : localOpenSectionId;
  const sectionHeadingRef = useRef<HTMLHeadingElement>(null);
  const openSection = sections.find((section) => section.id === openSectionId);
  const routedSectionId = routing?.openSectionId ?? null;
  // A section opened by its URL: focus its heading, as opening one in place does.
  useEffect(() => {
    if (routedSectionId !== null) sectionHeadingRef.current?.focus({ preventScroll: true });
  }, [routedSectionId]);
  const documentCount = sections.reduce((sum, section) => sum + section.documents.length, 0);
  const roomZip = downloadAllHref?.(null);

  function open(sectionId: number) {
    flushSync(() => {
      onNavigate?.();
      setOpenSectionId(sectionId);
    });
    const heading = sectionHeadingRef.current;
    if (!heading) return;
    // A card far down the grid (on a phone) leaves the list above the viewport: bring it into view.
    const section = heading.closest('section');
    if (section && section.getBoundingClientRect().top < SCROLL_MARGIN_PX) section.scrollIntoView();
    heading.focus({ preventScroll: true });
  }

  function back() {
    const sectionId = openSectionId;
    flushSync(() => {
      onNavigate?.();
      setOpenSectionId(null);
    });
    window.scrollTo(0, 0);
    // Keyboard users continue from the card they opened.
    if (sectionId !== null) document.getElementById(sectionCardId(sectionId))?.focus({ preventScroll: true });
  }

  return (
    <div className="flex flex-col gap-8">
      {top}
      <CompanyHeader company={company} lastUpdated={lastUpdated} documentCount={documentCount} />
      {!openSection && roomZip && (
        <div className="-mt-4 flex justify-end">
          <DownloadAllLink
            href={roomZip}
            label="Download all documents of the data room"
            text="Download all documents"
          />
        </div>
      )}
      {search}
      {openSection ? (
        <SectionDocuments
          section={openSection}
          documents={openSection.documents}
          headingRef={sectionHeadingRef}
          backLabel={backLabel}
          back={routing ? { href: routing.roomHref } : { onBack: back }}
          onOpenDocument={(key) => {
            const row = openSection.documents.find((doc) => doc.key === key);
            if (row) onOpenDocument(openSection, row);
          }}
          notice={notice}
          downloadAllHref={downloadAllHref?.(openSection.id)}
        />
      ) : routing && sections.length > 0 && sections.length <= FEW_SECTIONS ? (
        // A room with few sections: their documents at once, each section's name a link to its page.
        <div className="flex flex-col gap-10">
          {notice}
          {sections.map((section) => (
            <SectionDocuments
              key={section.id}
              section={section}
              documents={section.documents}
              inlineHref={routing.sectionHref(section.id)}
              downloadAllHref={downloadAllHref?.(section.id)}
              onOpenDocument={(key) => {
                const row = section.documents.find((doc) => doc.key === key);
                if (row) onOpenDocument(section, row);
              }}
            />
          ))}
        </div>
      ) : (
        <SectionGrid sections={sections} onOpen={open} sectionHref={routing?.sectionHref} />
      )}
    </div>
  );
}
