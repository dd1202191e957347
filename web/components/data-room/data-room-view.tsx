import { type ReactNode, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CompanyHeader, type RoomCompany } from './company-header';
import { type DocumentRow, SectionDocuments } from './section-documents';
import { SectionGrid, type SectionSummary, sectionCardId } from './section-grid';

/** Below the sticky header (4rem) with a little air: where an opened section's list starts. */
const SCROLL_MARGIN_PX = 80;

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
  /** The section open at first (coming back from a document opened in it). */
  initialOpenSectionId?: number | null;
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
  initialOpenSectionId = null,
}: DataRoomViewProps) {
  const [openSectionId, setOpenSectionId] = useState<number | null>(initialOpenSectionId);
  const sectionHeadingRef = useRef<HTMLHeadingElement>(null);
  const openSection = sections.find((section) => section.id === openSectionId);
  const documentCount = sections.reduce((sum, section) => sum + section.documents.length, 0);

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
      {openSection ? (
        <SectionDocuments
          section={openSection}
          documents={openSection.documents}
          headingRef={sectionHeadingRef}
          backLabel={backLabel}
          onBack={back}
          onOpenDocument={(key) => {
            const row = openSection.documents.find((doc) => doc.key === key);
            if (row) onOpenDocument(openSection, row);
          }}
          notice={notice}
        />
      ) : (
        <SectionGrid sections={sections} onOpen={open} />
      )}
    </div>
  );
}
