import { ArrowLeft, Download, ExternalLink, Eye } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import type { FileType } from '../../../shared/file-types';
import type { SectionIcon as SectionIconName } from '../../../shared/section-icons';
import { Button } from '../ui/button';
import { FileTypeIcon, SectionIcon } from './data-room-icons';
import { documentCountLabel } from './section-grid';

/** One row of a section's list, already worded ('Updated today'). */
export interface DocumentRow {
  key: string;
  title: string;
  fileType: FileType;
  isUploaded: boolean;
  /** An uploaded file its owner does not let investors download: read in the viewer only. */
  isViewOnly?: boolean;
  updatedLabel: string;
}

interface SectionDocumentsProps {
  section: { name: string; description: string; icon: SectionIconName };
  documents: readonly DocumentRow[];
  headingRef: Ref<HTMLHeadingElement>;
  /** 'Back to sections' in a room, 'Close preview' in the founder's preview. */
  backLabel?: string;
  onBack: () => void;
  onOpenDocument: (key: string) => void;
  /** Shown between the heading and the list (e.g. a sign-in prompt). */
  notice?: ReactNode;
}

/** One section's documents, with the way back to the grid. */
export function SectionDocuments({
  section,
  documents,
  headingRef,
  backLabel = 'Back to sections',
  onBack,
  onOpenDocument,
  notice,
}: SectionDocumentsProps) {
  return (
    <section aria-labelledby="room-section-title">
      <Button variant="outline" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {backLabel}
      </Button>

      <div className="mt-6 flex items-start gap-4">
        <SectionIcon name={section.icon} className="size-12" />
        <div className="min-w-0">
          <h2
            id="room-section-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold break-words text-slate-900 focus:outline-none sm:text-2xl"
          >
            {section.name}
          </h2>
          <p className="mt-1 text-sm break-words text-slate-600 sm:text-base">{section.description}</p>
          <p className="mt-1 text-sm font-medium text-slate-700">{documentCountLabel(documents.length)}</p>
        </div>
      </div>

      {notice}

      {documents.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No documents in this section yet.
        </p>
      ) : (
        <ul
          aria-label={`Documents in ${section.name}`}
          className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          {documents.map((doc) => (
            <li key={doc.key}>
              <button
                type="button"
                onClick={() => onOpenDocument(doc.key)}
                className="group flex w-full items-center gap-3 px-4 py-3.5 text-left transition-colors hover:bg-slate-50 focus-visible:-outline-offset-2 sm:gap-4 sm:px-5"
              >
                <FileTypeIcon fileType={doc.fileType} />
                {/* Phone: the title, then date and type, wrapping as needed. Wider: the type on the right. */}
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5 sm:grid sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4">
                  <span className="w-full font-medium break-words text-slate-900 sm:w-auto">{doc.title}</span>
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                    <span className="text-sm text-slate-500">{doc.updatedLabel}</span>
                    {doc.isViewOnly && (
                      <span className="inline-flex items-center gap-1 rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">
                        <Eye aria-hidden="true" className="size-3" />
                        View only
                      </span>
                    )}
                  </span>
                  <span className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs font-medium tracking-wide whitespace-nowrap text-slate-700 sm:col-start-2 sm:row-span-2 sm:row-start-1">
                    {doc.fileType.toUpperCase()}
                  </span>
                </span>
                {doc.isViewOnly ? (
                  <Eye
                    aria-hidden="true"
                    className="size-4 shrink-0 text-slate-400 group-hover:text-slate-600"
                  />
                ) : doc.isUploaded ? (
                  <Download
                    aria-hidden="true"
                    className="size-4 shrink-0 text-slate-400 group-hover:text-slate-600"
                  />
                ) : (
                  <ExternalLink
                    aria-hidden="true"
                    className="size-4 shrink-0 text-slate-400 group-hover:text-slate-600"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
