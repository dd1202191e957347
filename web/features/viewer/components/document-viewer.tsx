import { ArrowLeft, Download, Eye, FileX, Highlighter, LoaderCircle, Stamp, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { type DocumentPreview, PAGE_IMAGE_WIDTHS } from '#shared/contracts/previews';
import { watermarkMetrics, watermarkSvg } from '#shared/watermark';
import { LoadFailed } from '#web/components/app/load-failed';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { PageSpinner, Spinner } from '#web/components/ui/spinner';
import { downloadDocument } from '#web/features/documents/api/download-document';
import {
  contentUrl,
  usePreview,
  usePreviewTable,
  usePreviewText,
} from '#web/features/viewer/api/preview-queries';
import {
  addressWithPage,
  pageFromSearch,
  SEARCH_PARAMETER,
  searchFromAddress,
} from '#web/features/viewer/paging';
import { usePageHighlights } from '#web/features/viewer/use-page-highlights';
import { useReadingReporter } from '#web/features/viewer/use-reading-reporter';
import { ApiRequestError } from '#web/lib/api-client';
import { formatUpdated } from '#web/lib/format';
import { SearchHighlights } from './page-strip';
import { PagesViewer } from './pages-viewer';
import { SheetsViewer } from './sheets-viewer';

interface DocumentViewerProps {
  documentId: string;
  /** Where "Back" goes: the room the document was opened from. */
  /** The way back to the room; null for a document link's reader, who has only this document. */
  back: { to: string; label: string } | null;
  /**
   * Under the document once it can be read (the room's questions about it): given the page on screen,
   * or null for a document that is not read as pages.
   */
  below?: (context: { document: DocumentPreview; page: number | null }) => ReactNode;
  /** Beside Download in the header (a link to the questions under the document). */
  actions?: ReactNode;
}

/**
 * One document read in the browser, at a URL of its own: its title, the way back to the room, Download
 * (the original, as before) or "View only" when its owner does not allow the reader to download it, and
 * the document shown as its kind allows: pages, an image, text, a table, a video, or a sentence saying
 * it can only be downloaded. While it is being prepared it says so and asks again until it is ready.
 */
export function DocumentViewer({ documentId, back, below, actions }: DocumentViewerProps) {
  const preview = usePreview(documentId);
  const { search } = useLocation();
  const [initialPage] = useState(() => pageFromSearch(search));
  const [page, setPage] = useState(initialPage);
  // A search result opens the document with its words (`?q=`), highlighted on every page turned to
  // until the reader clears them.
  const [highlight, setHighlight] = useState(() => searchFromAddress(search));
  const clearHighlight = useCallback(() => {
    setHighlight('');
    const url = new URL(window.location.href);
    url.searchParams.delete(SEARCH_PARAMETER);
    window.history.replaceState(window.history.state, '', url.toString());
  }, []);
  const readable = preview.data?.status === 'ready' ? preview.data : undefined;
  // Only page images have pages; anything else is read as its page 1.
  const pageOnScreen = readable?.kind === 'pages' ? Math.min(page, Math.max(readable.pages.length, 1)) : 1;
  useReadingReporter(documentId, pageOnScreen, readable !== undefined);
  const onPageChange = useCallback((next: number) => {
    setPage(next);
    // The address names the page on screen, corrected in place: a page turn is not a navigation, so
    // Back leaves the document rather than stepping through its pages, and going through the router
    // would re-render the route and scroll the window to the top (web/app/scroll-on-navigate.tsx).
    const address = addressWithPage(window.location.href, next);
    if (address) window.history.replaceState(window.history.state, '', address);
  }, []);
  // Opening a document moves the focus to it, named by its title, so a screen reader says where the
  // reader is and the keys read it; unless the reader has already put the focus somewhere (the link
  // that opened it is gone, which leaves the focus nowhere).
  const readerRef = useRef<HTMLElement>(null);
  const hasFocusedReader = useRef(false);
  const hasDocument = preview.data !== undefined;
  useEffect(() => {
    const reader = readerRef.current;
    if (!hasDocument || !reader || hasFocusedReader.current) return;
    hasFocusedReader.current = true;
    const { activeElement, body } = reader.ownerDocument;
    if (activeElement === null || activeElement === body) reader.focus({ preventScroll: true });
  }, [hasDocument]);

  if (preview.isPending) return <PageSpinner label="Opening the document…" />;
  if (preview.isError) {
    const isMissing = preview.error instanceof ApiRequestError && preview.error.status === 404;
    // Opened by its own URL before the room's NDA was accepted: the NDA is on the room's page.
    const needsNda = preview.error instanceof ApiRequestError && preview.error.code === 'nda_required';
    return (
      <div className="flex flex-col gap-6">
        <BackLink back={back} />
        {needsNda ? (
          <p role="alert" className="text-slate-700">
            {preview.error.message}{' '}
            {back && (
              <>
                <Link to={back.to} className="font-medium text-indigo-700 underline">
                  Read and accept it
                </Link>
                , then open this document again.
              </>
            )}
          </p>
        ) : isMissing ? (
          <p role="alert" className="text-slate-700">
            This document does not exist, or you do not have access to it.
          </p>
        ) : (
          <LoadFailed what="this document" onRetry={() => preview.refetch()} />
        )}
      </div>
    );
  }

  const document = preview.data;
  return (
    <div className="flex flex-col gap-4">
      <title>{`${document.title} · Roundroom`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <BackLink back={back} />
          <div className="flex min-w-0 flex-col">
            <h1 className="min-w-0 text-lg font-semibold break-words text-slate-900 sm:text-xl">
              {document.title}
            </h1>
            {document.replacedAt && (
              <p className="text-xs text-slate-500">{formatUpdated(document.replacedAt)}</p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {document.watermark && <WatermarkBadge watermark={document.watermark} />}
          {/* A notice (being prepared, failed, download-only) offers Download itself, in its sentence. */}
          {!document.isDownloadAllowed ? (
            <ViewOnlyBadge refusal={document.downloadRefusal} />
          ) : (
            !isNotice(document) && <DownloadButton document={document} />
          )}
        </div>
      </div>
      {highlight !== '' && readable && (readable.kind === 'pages' || readable.kind === 'image') && (
        <HighlightNotice query={highlight} onClear={clearHighlight} />
      )}
      <section
        ref={readerRef}
        tabIndex={-1}
        aria-label={document.title}
        className="rounded-lg focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <PreviewBody
          document={document}
          initialPage={initialPage}
          onPageChange={onPageChange}
          highlight={highlight}
        />
      </section>
      {below?.({ document, page: document.kind === 'pages' && readable ? pageOnScreen : null })}
    </div>
  );
}

/** Says which search is highlighted on the pages, and takes the highlight away. */
function HighlightNotice({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <div className="-my-1 flex items-center gap-2 text-sm text-slate-700">
      <p className="flex min-w-0 items-center gap-1.5">
        <Highlighter aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
        <span className="min-w-0 truncate">
          Highlighting <span className="font-medium text-slate-900">“{query}”</span>
        </span>
      </p>
      <Button
        variant="ghost"
        size="sm"
        onClick={onClear}
        aria-label="Clear the highlight"
        className="shrink-0"
      >
        <X aria-hidden="true" />
        Clear
      </Button>
    </div>
  );
}

/** Whether the document shows a sentence and Download instead of its content. */
function isNotice(document: DocumentPreview): boolean {
  return document.status !== 'ready' || document.kind === 'download-only';
}

function BackLink({ back }: { back: DocumentViewerProps['back'] }) {
  if (!back) return null;
  return (
    <Button asChild variant="outline" size="icon" className="shrink-0">
      <Link to={back.to} aria-label={back.label} title={back.label}>
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** Why this reader may not download the file, in their words. */
function refusalReason(refusal: DocumentPreview['downloadRefusal']): string {
  return refusal === 'watermark_unsupported'
    ? 'Downloads in this room carry a watermark, and this kind of file cannot carry one'
    : 'Its owner does not allow downloads';
}

/**
 * In place of Download: the server refuses this reader the original (docs/decisions/0043-view-only-documents.md),
 * or cannot watermark this kind of file (docs/decisions/0046-dynamic-watermark.md).
 */
function ViewOnlyBadge({ refusal }: { refusal: DocumentPreview['downloadRefusal'] }) {
  return (
    <Badge variant="secondary" className="px-3 py-1 text-sm" title={refusalReason(refusal)}>
      <Eye aria-hidden="true" className="size-4" />
      View only
    </Badge>
  );
}

/** Tells the reader that what they see and download carries their watermark. */
function WatermarkBadge({ watermark }: { watermark: string }) {
  return (
    <Badge variant="secondary" className="px-3 py-1 text-sm" title={watermark}>
      <Stamp aria-hidden="true" className="size-4" />
      Watermarked
    </Badge>
  );
}

/**
 * The watermark laid over text and tables, which have no image to burn it into (ADR 46): the same SVG
 * the server burns into page images, as a repeated background that neither takes clicks nor hides text
 * from selection or screen readers.
 */
function WatermarkOverlay({ watermark }: { watermark: string }) {
  const { tile } = watermarkMetrics(watermark, 720);
  const image = `url("data:image/svg+xml,${encodeURIComponent(watermarkSvg(watermark, tile, tile, 720))}")`;
  return (
    <div
      aria-hidden="true"
      data-testid="watermark-overlay"
      className="pointer-events-none absolute inset-0 select-none"
      style={{ backgroundImage: image, backgroundRepeat: 'repeat' }}
    />
  );
}

function DownloadButton({ document }: { document: DocumentPreview }) {
  const [isDownloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const result = await downloadDocument(document.documentId, document.title);
      if (result === 'opened')
        toast.error('Download failed', { description: 'The file was opened in a new tab instead.' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="outline" onClick={download} disabled={isDownloading}>
      <Download aria-hidden="true" />
      Download
    </Button>
  );
}

function PreviewBody({
  document,
  initialPage,
  onPageChange,
  highlight,
}: {
  document: DocumentPreview;
  initialPage: number;
  onPageChange: (page: number) => void;
  /** The search to highlight on the pages, or ''. */
  highlight: string;
}) {
  if (document.status === 'preparing') {
    return (
      <Notice
        icon={<LoaderCircle className="size-6 animate-spin motion-reduce:animate-none" aria-hidden="true" />}
      >
        <p role="status" className="font-medium text-slate-900">
          Preview being prepared
        </p>
        <p className="text-sm text-slate-600">
          {document.isDownloadAllowed
            ? 'It shows here by itself when it is ready. You can download the file meanwhile.'
            : 'It shows here by itself when it is ready.'}
        </p>
        {document.isDownloadAllowed && <DownloadButton document={document} />}
      </Notice>
    );
  }
  if (document.status === 'failed' || document.kind === 'download-only') {
    return (
      <Notice icon={<FileX className="size-6" aria-hidden="true" />}>
        <p className="font-medium text-slate-900">
          {document.status === 'failed'
            ? `${document.failure?.message ?? 'This file could not be converted'}.`
            : "This file can't be previewed."}
        </p>
        {document.isDownloadAllowed ? (
          <>
            <p className="text-sm text-slate-600">Download it to open it.</p>
            <DownloadButton document={document} />
          </>
        ) : (
          <p className="text-sm text-slate-600">
            {refusalReason(document.downloadRefusal)}, so it cannot be opened here. Ask them for access.
          </p>
        )}
      </Notice>
    );
  }
  switch (document.kind) {
    case 'pages':
      // A workbook's sheets are tabs, each sheet whole at 100% (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md).
      if (document.sheets) {
        return (
          <SheetsViewer
            preview={{ ...document, sheets: document.sheets }}
            initialPage={initialPage}
            onPageChange={onPageChange}
          />
        );
      }
      return (
        <PagesViewer
          preview={document}
          initialPage={initialPage}
          onPageChange={onPageChange}
          highlight={highlight}
        />
      );
    case 'image':
      return (
        <div className="flex justify-center rounded-lg bg-slate-100 p-2 sm:p-4">
          <HighlightedImage document={document} highlight={highlight}>
            <img
              src={contentUrl(document.documentId, PAGE_IMAGE_WIDTHS[0], document.replacedAt)}
              srcSet={PAGE_IMAGE_WIDTHS.map(
                (width) => `${contentUrl(document.documentId, width, document.replacedAt)} ${width}w`,
              ).join(', ')}
              sizes="(min-width: 1024px) 60rem, 100vw"
              alt={document.title}
              className="block h-auto max-w-full bg-white shadow-sm"
            />
          </HighlightedImage>
        </div>
      );
    case 'text':
      return (
        <TextPreview
          documentId={document.documentId}
          replacedAt={document.replacedAt}
          isCut={document.isTextCut}
          isDownloadAllowed={document.isDownloadAllowed}
          watermark={document.watermark}
        />
      );
    case 'table':
      return (
        <TablePreview
          documentId={document.documentId}
          replacedAt={document.replacedAt}
          title={document.title}
          isDownloadAllowed={document.isDownloadAllowed}
          watermark={document.watermark}
        />
      );
    case 'video':
      // The server refuses the stream while the reader's pages carry a watermark (ADR 46, ADR 61).
      if (document.watermark !== null)
        return (
          <Notice icon={<Stamp className="size-6" aria-hidden="true" />}>
            <p className="font-medium text-slate-900">This video cannot be played here.</p>
            <p className="text-sm text-slate-600">
              Everything in this room carries your watermark, and a video cannot carry one. Ask the founder
              for a copy.
            </p>
          </Notice>
        );
      return (
        // biome-ignore lint/a11y/useMediaCaption: founders' uploads come without caption tracks.
        <video
          controls
          preload="metadata"
          src={contentUrl(document.documentId, undefined, document.replacedAt)}
          aria-label={document.title}
          className="max-h-[80dvh] w-full rounded-lg bg-black"
        />
      );
  }
}

/** An image with the search's words marked over it: an image's words are its page 1. */
function HighlightedImage({
  document,
  highlight,
  children,
}: {
  document: DocumentPreview;
  highlight: string;
  children: ReactNode;
}) {
  const boxes = usePageHighlights(document, 1, highlight);
  return (
    <div className="relative max-w-full">
      {children}
      <SearchHighlights boxes={boxes} />
    </div>
  );
}

function Notice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
      <span className="text-slate-500">{icon}</span>
      {children}
    </div>
  );
}

function TextPreview({
  documentId,
  replacedAt,
  isCut,
  isDownloadAllowed,
  watermark,
}: {
  documentId: string;
  replacedAt: string | null;
  isCut: boolean;
  isDownloadAllowed: boolean;
  watermark: string | null;
}) {
  const text = usePreviewText(documentId, replacedAt);
  if (text.isPending) return <Spinner label="Loading the text…" />;
  if (text.isError) return <LoadFailed what="the text" onRetry={() => text.refetch()} />;
  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <pre className="rounded-lg border border-slate-200 bg-white p-4 font-mono text-sm break-words whitespace-pre-wrap text-slate-900 sm:p-6">
          {text.data}
        </pre>
        {watermark && <WatermarkOverlay watermark={watermark} />}
      </div>
      {isCut && (
        <p className="text-sm text-slate-600">
          Only the beginning of this file is shown.
          {isDownloadAllowed && ' Download the file to read all of it.'}
        </p>
      )}
    </div>
  );
}

function TablePreview({
  documentId,
  replacedAt,
  title,
  isDownloadAllowed,
  watermark,
}: {
  documentId: string;
  replacedAt: string | null;
  title: string;
  isDownloadAllowed: boolean;
  watermark: string | null;
}) {
  const table = usePreviewTable(documentId, replacedAt);
  if (table.isPending) return <Spinner label="Loading the table…" />;
  if (table.isError) return <LoadFailed what="the table" onRetry={() => table.refetch()} />;
  const [header = [], ...body] = table.data.rows;
  const columnCount = Math.max(header.length, ...body.map((row) => row.length));
  // Rows and columns have no identity but their place: keyed by it.
  const columns = Array.from({ length: columnCount }, (_, index) => ({ key: `c${index}`, index }));
  const rows = body.map((cells, index) => ({ key: `r${index}`, cells }));
  return (
    <div className="relative flex flex-col gap-2">
      {/* A wide table scrolls inside its box; the box takes focus so the keyboard can scroll it. */}
      <section
        aria-label={`Table of ${title}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="max-h-[75dvh] overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <table className="min-w-full border-collapse text-left text-sm">
          <thead className="sticky top-0 bg-slate-100">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className="border-b border-slate-200 px-3 py-2 font-semibold whitespace-nowrap text-slate-900"
                >
                  {header[column.index] ?? ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="odd:bg-white even:bg-slate-50">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className="border-b border-slate-100 px-3 py-1.5 whitespace-nowrap text-slate-800"
                  >
                    {row.cells[column.index] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {watermark && <WatermarkOverlay watermark={watermark} />}
      {table.data.truncated && (
        <p className="text-sm text-slate-600">
          Only the first rows are shown.
          {isDownloadAllowed && ' Download the file for all of them.'}
        </p>
      )}
    </div>
  );
}
