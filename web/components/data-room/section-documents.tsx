import { ArrowLeft, Download, ExternalLink, Eye, MessageCircle } from 'lucide-react';
import { type ReactNode, type Ref, useCallback, useRef } from 'react';
import { Link } from 'react-router';
import type { FileType } from '#shared/file-types';
import type { SectionIcon as SectionIconName } from '#shared/section-icons';
import { writtenSectionDescription } from '#shared/sections-markdown';
import { Button } from '#web/components/ui/button';
import { FileTypeIcon, SectionIcon } from './data-room-icons';
import { documentCountLabel, SectionMark } from './section-grid';

/** One row of a section's list, already worded ('Updated today'). */
export interface DocumentRow {
  key: string;
  title: string;
  fileType: FileType;
  isUploaded: boolean;
  /** An uploaded file its owner does not let investors download: read in the viewer only. */
  isViewOnly?: boolean;
  updatedLabel: string;
  /** '12 pages', where known. */
  detailLabel?: string;
  /** Something new for this reader about the document ('New answer'), shown as a badge. */
  badge?: string;
  /**
   * Where the row goes, as a real link (a new tab, a long press on a phone): the viewer's URL for an
   * uploaded file, the click log's for an external one (opened in a new tab). Without it the row is a
   * button calling onOpenDocument.
   */
  href?: string;
  /** Router state for an uploaded file's link: where the viewer's "Back" returns. */
  linkState?: unknown;
  /** The row came on screen: the room may fetch its first page ahead (ADR 56). */
  onSight?: () => void;
  /** A pointer over the row, a finger on it, or focus: about to be opened. */
  onIntent?: () => void;
}

interface SectionDocumentsProps {
  section: { id?: number; name: string; description: string; icon: SectionIconName; mark?: string };
  documents: readonly DocumentRow[];
  headingRef?: Ref<HTMLHeadingElement>;
  /** 'Back to sections' in a room, 'Close preview' in the founder's preview. */
  backLabel?: string;
  /** The way back: a link to the room's URL, or a button (the preview and the demo keep no URL). */
  back?: { href: string } | { onBack: () => void };
  /**
   * A section shown inline on the room's page (a room with few sections): no way back, and its name links
   * to the section's own page.
   */
  inlineHref?: string;
  onOpenDocument: (key: string) => void;
  /** Shown between the heading and the list (e.g. a sign-in prompt). */
  notice?: ReactNode;
  /** "Download all": the section's zip of what the reader may download, where there is any. */
  downloadAllHref?: string;
}

/** One section's documents, with the way back to the grid. */
export function SectionDocuments({
  section,
  documents,
  headingRef,
  backLabel = 'Back to sections',
  back,
  inlineHref,
  onOpenDocument,
  notice,
  downloadAllHref,
}: SectionDocumentsProps) {
  const titleId = inlineHref ? `room-section-title-${section.id ?? 0}` : 'room-section-title';
  return (
    <section aria-labelledby={titleId}>
      {back && !inlineHref && (
        <div className="mb-6">
          {'href' in back ? (
            <Button asChild variant="outline">
              <Link to={back.href}>
                <ArrowLeft aria-hidden="true" />
                {backLabel}
              </Link>
            </Button>
          ) : (
            <Button variant="outline" onClick={back.onBack}>
              <ArrowLeft aria-hidden="true" />
              {backLabel}
            </Button>
          )}
        </div>
      )}

      <div className="flex flex-wrap items-start gap-4">
        <SectionIcon name={section.icon} className="size-12" />
        <div className="min-w-0 flex-1">
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold break-words text-slate-900 focus:outline-none sm:text-2xl"
          >
            {inlineHref ? (
              <Link
                to={inlineHref}
                className="rounded-sm underline decoration-slate-300 underline-offset-4 hover:text-indigo-700 hover:decoration-indigo-400"
              >
                {section.name}
              </Link>
            ) : (
              section.name
            )}
          </h2>
          {writtenSectionDescription(section) && (
            <p className="mt-1 text-sm break-words text-slate-600 sm:text-base">{section.description}</p>
          )}
          <p className="mt-1 text-sm font-medium text-slate-700">{documentCountLabel(documents.length)}</p>
          {section.mark && (
            <p className="mt-2">
              <SectionMark mark={section.mark} />
            </p>
          )}
        </div>
        {downloadAllHref && (
          // Under the heading on a phone (beside it, the description would be squeezed), beside it wider.
          <div className="w-full pl-16 sm:w-auto sm:pl-0">
            <DownloadAllLink href={downloadAllHref} label={`Download all of ${section.name}`} />
          </div>
        )}
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
              <DocumentRowLink doc={doc} onOpen={() => onOpenDocument(doc.key)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "Download all": a plain link, so the browser saves the zip to disk as it streams in (it may be large),
 * with the reader's session (docs/product-rules.md#download-all).
 */
export function DownloadAllLink({
  href,
  label,
  text = 'Download all',
}: {
  href: string;
  label: string;
  text?: string;
}) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download aria-label={label}>
        <Download aria-hidden="true" />
        {text}
      </a>
    </Button>
  );
}

const ROW_CLASS =
  'group flex w-full items-center gap-3 px-4 py-3.5 text-left transition-colors hover:bg-slate-50 focus-visible:-outline-offset-2 sm:gap-4 sm:px-5';

/**
 * One document row: a real link where it has a URL, else a button. An uploaded file says "Read" (it opens
 * in the viewer, whether or not it may also be downloaded there); an external one says "Open".
 */
function DocumentRowLink({ doc, onOpen }: { doc: DocumentRow; onOpen: () => void }) {
  const sightRef = useOnSight(doc.onSight);
  const intent = doc.onIntent
    ? { onPointerEnter: doc.onIntent, onTouchStart: doc.onIntent, onFocus: doc.onIntent }
    : {};
  const content = (
    <>
      <FileTypeIcon fileType={doc.fileType} />
      {/* Phone: the title, then date and type, wrapping as needed. Wider: the type on the right. */}
      <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5 sm:grid sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4">
        <span className="w-full font-medium break-words text-slate-900 sm:w-auto">{doc.title}</span>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="text-sm text-slate-500">{doc.updatedLabel}</span>
          {doc.detailLabel && <span className="text-sm text-slate-500">· {doc.detailLabel}</span>}
          {doc.badge && (
            <span className="inline-flex items-center gap-1 rounded-md bg-indigo-600 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-white">
              <MessageCircle aria-hidden="true" className="size-3" />
              {doc.badge}
            </span>
          )}
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
      <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-indigo-700 group-hover:text-indigo-900">
        {doc.isUploaded ? (
          <>
            <Eye aria-hidden="true" className="size-4" />
            Read
          </>
        ) : (
          <>
            <ExternalLink aria-hidden="true" className="size-4" />
            Open
          </>
        )}
      </span>
    </>
  );
  if (doc.href && !doc.isUploaded)
    return (
      <a
        href={doc.href}
        target="_blank"
        rel="noopener noreferrer"
        className={ROW_CLASS}
        ref={sightRef}
        {...intent}
      >
        {content}
      </a>
    );
  if (doc.href)
    return (
      <Link to={doc.href} state={doc.linkState} className={ROW_CLASS} ref={sightRef} {...intent}>
        {content}
      </Link>
    );
  return (
    <button type="button" onClick={onOpen} className={ROW_CLASS} ref={sightRef} {...intent}>
      {content}
    </button>
  );
}

/**
 * A ref that calls onSight once, the first time its element is on screen (where the browser can tell).
 * React 19 runs the returned cleanup when the element goes.
 */
function useOnSight(onSight: (() => void) | undefined) {
  const latest = useRef(onSight);
  latest.current = onSight;
  const wanted = onSight !== undefined;
  return useCallback(
    (element: Element | null) => {
      if (!wanted || !element || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        latest.current?.();
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [wanted],
  );
}
