import { ChevronLeft, ChevronRight, Maximize, Minimize, MoveHorizontal } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DocumentPreview, PAGE_IMAGE_WIDTHS } from '../../../../shared/contracts/previews';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { pageImageUrl, thumbnailUrl, useDocumentText } from '../api/preview-queries';
import { pageMostOnScreen } from '../reading-clock';

interface PagesViewerProps {
  preview: DocumentPreview;
  /** The page most on screen changed (the reading reporter counts its time). */
  onPageChange: (page: number) => void;
}

/** Keys that turn the page, unless the reader is typing somewhere. */
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'PageUp']);
const NEXT_KEYS = new Set(['ArrowRight', 'PageDown']);

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO'].includes(target.tagName))
  );
}

/**
 * The height of the app's sticky header, which the viewer's own toolbar sits under (it differs for a
 * founder, whose header has a second row, and it is 0 in full screen, where the header is not shown).
 */
function useHeaderHeight(isFullScreen: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const measure = () => setHeight(header.getBoundingClientRect().height);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return isFullScreen ? 0 : height;
}

/** The toolbar's height and the air under it: where a page scrolled to starts. */
const TOOLBAR_SPACE_PX = 64;

/** The id of a page's figure, for scrolling to it and for the thumbnails' links. */
const pageId = (page: number) => `page-${page}`;

/**
 * A document read as page images (PDF and Office files): every page in one vertical scroll, each image
 * loaded as it nears the screen (the first at once), at the width the screen needs (srcset: a retina
 * screen gets the wide rendering). On a desktop, a strip of thumbnails, "Page N of M", previous and next
 * (buttons, arrow keys, Page Up and Page Down), fit to width or to the page, and full screen. Each image
 * has an alt text with its number and, after it, the page's own text for screen readers and find in page.
 */
export function PagesViewer({ preview, onPageChange }: PagesViewerProps) {
  const { documentId, pages } = preview;
  const pageCount = pages.length;
  const text = useDocumentText(preview);
  const [currentPage, setCurrentPage] = useState(1);
  const [isFitToWidth, setFitToWidth] = useState(true);
  const [isFullScreen, setFullScreen] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const thumbnailsRef = useRef<HTMLOListElement>(null);
  const headerHeight = useHeaderHeight(isFullScreen);
  const pagesTop = headerHeight + TOOLBAR_SPACE_PX;
  // The document's own scroll padding (kept clear for the app header) adds to a page's scroll margin.
  const rootScrollPadding = isFullScreen
    ? 0
    : Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const pageScrollMargin = Math.max(0, pagesTop - rootScrollPadding);

  // The page most on screen, from each page's visible height.
  useEffect(() => {
    const visibleHeights = new Map<number, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const page = Number((entry.target as HTMLElement).dataset.page);
          visibleHeights.set(page, entry.isIntersecting ? entry.intersectionRect.height : 0);
        }
        const page = pageMostOnScreen(visibleHeights);
        if (page !== undefined) setCurrentPage(page);
      },
      { threshold: [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1] },
    );
    for (const figure of frameRef.current?.querySelectorAll<HTMLElement>('[data-page]') ?? []) {
      observer.observe(figure);
    }
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    onPageChange(currentPage);
    // Keeps the current thumbnail in view in the strip, scrolling the strip alone (scrollIntoView would
    // move the document too).
    const strip = thumbnailsRef.current;
    const thumbnail = strip?.querySelector<HTMLElement>(`[data-thumbnail="${currentPage}"]`);
    if (strip && thumbnail) {
      const top = thumbnail.offsetTop;
      const isOutside =
        top < strip.scrollTop || top + thumbnail.offsetHeight > strip.scrollTop + strip.clientHeight;
      if (isOutside) strip.scrollTop = top - (strip.clientHeight - thumbnail.offsetHeight) / 2;
    }
  }, [currentPage, onPageChange]);

  const goTo = useCallback(
    (page: number) => {
      const target = Math.min(Math.max(page, 1), pageCount);
      document.getElementById(pageId(target))?.scrollIntoView({ block: 'start' });
      setCurrentPage(target);
    },
    [pageCount],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTyping(event.target)) return;
      if (PREVIOUS_KEYS.has(event.key)) {
        event.preventDefault();
        goTo(currentPage - 1);
      } else if (NEXT_KEYS.has(event.key)) {
        event.preventDefault();
        goTo(currentPage + 1);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [currentPage, goTo]);

  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen?.();
  };
  const canFullScreen = typeof document !== 'undefined' && document.fullscreenEnabled;
  const textOf = (page: number) => text.data?.pages.find((entry) => entry.number === page)?.text ?? '';

  return (
    <div
      ref={frameRef}
      className="flex flex-col gap-3 bg-slate-100 [&:fullscreen]:overflow-y-auto [&:fullscreen]:p-4"
    >
      <div
        role="toolbar"
        aria-label="Pages"
        style={{ top: headerHeight }}
        className="sticky z-10 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white/95 px-2 py-1.5 shadow-sm backdrop-blur"
      >
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous page"
            title="Previous page (←)"
            disabled={currentPage <= 1}
            onClick={() => goTo(currentPage - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p
            aria-live="polite"
            className="min-w-24 text-center text-sm font-medium text-slate-800 tabular-nums"
          >
            Page {currentPage} of {pageCount}
          </p>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Next page"
            title="Next page (→)"
            disabled={currentPage >= pageCount}
            onClick={() => goTo(currentPage + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <div className="hidden items-center gap-1 lg:flex">
          <Button
            variant="ghost"
            size="sm"
            className="aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700"
            aria-pressed={isFitToWidth}
            onClick={() => setFitToWidth((fit) => !fit)}
          >
            <MoveHorizontal aria-hidden="true" />
            Fit to width
          </Button>
          {canFullScreen && (
            <Button variant="ghost" size="sm" onClick={toggleFullScreen}>
              {isFullScreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
              {isFullScreen ? 'Exit full screen' : 'Full screen'}
            </Button>
          )}
        </div>
      </div>

      <div className="flex gap-4">
        <nav aria-label="Page thumbnails" className="hidden w-32 shrink-0 lg:block">
          <ol
            ref={thumbnailsRef}
            style={{ top: pagesTop, maxHeight: `calc(100dvh - ${pagesTop + 8}px)` }}
            className="sticky flex flex-col gap-2 overflow-y-auto p-1"
          >
            {pages.map((page) => (
              <li key={page.number}>
                <button
                  type="button"
                  data-thumbnail={page.number}
                  aria-label={`Page ${page.number}`}
                  aria-current={page.number === currentPage ? 'page' : undefined}
                  onClick={() => goTo(page.number)}
                  className={cn(
                    'block w-full rounded border-2 bg-white p-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                    page.number === currentPage
                      ? 'border-indigo-600'
                      : 'border-transparent hover:border-slate-300',
                  )}
                >
                  <img
                    src={thumbnailUrl(documentId, page.number)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={page.width}
                    height={page.height}
                    className="h-auto w-full"
                  />
                  <span aria-hidden="true" className="block text-center text-xs text-slate-600">
                    {page.number}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </nav>

        <div className="flex min-w-0 flex-1 flex-col items-center gap-4">
          {pages.map((page) => (
            <figure
              key={page.number}
              id={pageId(page.number)}
              data-page={page.number}
              style={{ scrollMarginTop: pageScrollMargin }}
              className="w-full"
            >
              <img
                src={pageImageUrl(documentId, page.number, PAGE_IMAGE_WIDTHS[0])}
                srcSet={PAGE_IMAGE_WIDTHS.map(
                  (width) => `${pageImageUrl(documentId, page.number, width)} ${width}w`,
                ).join(', ')}
                sizes="(min-width: 1024px) 60rem, 100vw"
                alt={`Page ${page.number} of ${pageCount}`}
                // The first page at once; the others as they near the screen.
                loading={page.number === 1 ? 'eager' : 'lazy'}
                fetchPriority={page.number === 1 ? 'high' : 'auto'}
                decoding="async"
                width={page.width}
                height={page.height}
                className={cn(
                  'mx-auto h-auto bg-white shadow-sm',
                  isFitToWidth ? 'w-full max-w-5xl' : 'w-auto max-w-full',
                )}
                style={isFitToWidth ? undefined : { maxHeight: `calc(100dvh - ${pagesTop + 16}px)` }}
              />
              {textOf(page.number) && <figcaption className="sr-only">{textOf(page.number)}</figcaption>}
            </figure>
          ))}
        </div>
      </div>
    </div>
  );
}
