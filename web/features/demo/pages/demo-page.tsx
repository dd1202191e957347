import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { href } from '../../../../shared/routes';
import { CompanyHeader } from '../../../components/data-room/company-header';
import { SectionDocuments } from '../../../components/data-room/section-documents';
import { SectionGrid, sectionCardId } from '../../../components/data-room/section-grid';
import { PublicPage } from '../../../components/site/public-page';
import { Button } from '../../../components/ui/button';
import { DemoBanner } from '../components/demo-banner';
import {
  type DemoDocument,
  demoCompany,
  demoDocumentCount,
  demoLastUpdatedDaysAgo,
  demoSections,
} from '../demo-data';
import { formatDaysAgo, formatUpdated } from '../format-updated';

/** Below the sticky site header (4rem) with a little air: where an opened section's list starts. */
const SCROLL_MARGIN_PX = 80;

/** /demo: a static sample data room (docs/product-rules.md#demo), browsable like a real one. */
export function DemoPage() {
  const [openSectionId, setOpenSectionId] = useState<number | null>(null);
  const sectionHeadingRef = useRef<HTMLHeadingElement>(null);
  const openSection = demoSections.find((section) => section.id === openSectionId);

  function open(sectionId: number) {
    flushSync(() => setOpenSectionId(sectionId));
    const heading = sectionHeadingRef.current;
    if (!heading) return;
    // A card far down the grid (on a phone) leaves the list above the viewport: bring it into view.
    const section = heading.closest('section');
    if (section && section.getBoundingClientRect().top < SCROLL_MARGIN_PX) section.scrollIntoView();
    heading.focus({ preventScroll: true });
  }

  function back() {
    const sectionId = openSectionId;
    flushSync(() => setOpenSectionId(null));
    window.scrollTo(0, 0);
    // Keyboard users continue from the card they opened.
    if (sectionId !== null) document.getElementById(sectionCardId(sectionId))?.focus({ preventScroll: true });
  }

  function openDocument(key: string) {
    const item = openSection?.documents.find((doc) => doc.id === key);
    if (!item) return;
    toast.info('This is a demo', {
      id: 'demo-document',
      description: `“${item.title}” is sample data, so nothing opens or downloads. In your own data room, investors open or download the real file.`,
    });
  }

  return (
    <PublicPage title={`${demoCompany.name} demo data room`}>
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
        <DemoBanner companyName={demoCompany.name} />
        <CompanyHeader
          company={demoCompany}
          lastUpdated={formatDaysAgo(demoLastUpdatedDaysAgo)}
          documentCount={demoDocumentCount}
        />
        {openSection ? (
          <SectionDocuments
            section={openSection}
            documents={openSection.documents.map(toRow)}
            headingRef={sectionHeadingRef}
            onBack={back}
            onOpenDocument={openDocument}
          />
        ) : (
          <SectionGrid sections={demoSections} onOpen={open} />
        )}
        <aside
          aria-labelledby="demo-cta-title"
          className="flex flex-col gap-4 rounded-xl bg-slate-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <h2 id="demo-cta-title" className="text-lg font-semibold">
              Ready to share your own data room?
            </h2>
            <p className="mt-1 text-sm text-slate-300">
              Write your sections in markdown, upload files or link them, and invite investors by e-mail.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="secondary">
              <Link to={href('docs')}>Read the docs</Link>
            </Button>
            <Button asChild>
              <Link to={href('checkout')}>Create your data room</Link>
            </Button>
          </div>
        </aside>
      </div>
    </PublicPage>
  );
}

function toRow(doc: DemoDocument) {
  return {
    key: doc.id,
    title: doc.title,
    fileType: doc.fileType,
    isUploaded: doc.isUploaded,
    updatedLabel: formatUpdated(doc.updatedDaysAgo),
  };
}
