import { Link } from 'react-router';
import { toast } from 'sonner';
import { href } from '#shared/routes';
import { DataRoomView, type RoomSection } from '#web/components/data-room/data-room-view';
import type { DocumentRow } from '#web/components/data-room/section-documents';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { DemoBanner } from '#web/features/demo/components/demo-banner';
import {
  type DemoDocument,
  demoCompany,
  demoLastUpdatedDaysAgo,
  demoSections,
} from '#web/features/demo/demo-data';
import { formatDaysAgo, formatUpdated } from '#web/features/demo/format-updated';

/** The demo's sections as the data-room view shows them; the dates are worded once per visit. */
function sectionsOfTheDemo(): RoomSection[] {
  return demoSections.map((section) => ({ ...section, documents: section.documents.map(toRow) }));
}

/** Nothing in the demo opens or downloads: choosing a document says so. */
function openDocument(_section: RoomSection, row: DocumentRow) {
  toast.info('This is a demo', {
    id: 'demo-document',
    description: `“${row.title}” is sample data, so nothing opens or downloads. In your own data room, investors open or download the real file.`,
  });
}

/** /demo: a static sample data room (docs/product-rules.md#demo), browsable like a real one. */
export function DemoPage() {
  return (
    <PublicPage title={`${demoCompany.name} demo data room`}>
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
        <DataRoomView
          top={<DemoBanner companyName={demoCompany.name} />}
          company={demoCompany}
          lastUpdated={formatDaysAgo(demoLastUpdatedDaysAgo)}
          sections={sectionsOfTheDemo()}
          onOpenDocument={openDocument}
        />
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

function toRow(doc: DemoDocument): DocumentRow {
  return {
    key: doc.id,
    title: doc.title,
    fileType: doc.fileType,
    isUploaded: doc.isUploaded,
    updatedLabel: formatUpdated(doc.updatedDaysAgo),
  };
}
