import type { MouseEvent, RefObject } from 'react';
import {
  type DocumentPreview,
  PAGE_IMAGE_SIZES_BEFORE_LAYOUT,
  PAGE_IMAGE_WIDTHS,
  type PageLayout,
  type pageImageUrl,
} from '#shared/contracts/previews';
import {
  drawnWidth,
  edgeTapTurn,
  imageSizes,
  pageAtScroll,
  shouldLoadPage,
  sidewaysPans,
} from '#web/features/viewer/paging';
import type { HighlightBox } from '#web/features/viewer/search-highlights';
import { cn } from '#web/lib/cn';

/** The widest a page fitted to the width is drawn (Tailwind's max-w-5xl): lines longer read badly. */
const FIT_TO_WIDTH_MAX_PX = 1024;

/** The strip's touch-action for the ways it may pan sideways (a pan left moves the finger right). */
function stripTouchAction({ back, forward }: { back: boolean; forward: boolean }): string | false {
  if (back && forward) return false;
  if (forward) return 'touch-pan-right touch-pan-y touch-pinch-zoom';
  if (back) return 'touch-pan-left touch-pan-y touch-pinch-zoom';
  return 'touch-pan-y touch-pinch-zoom';
}

/** The id of a page's figure, for scrolling to it and for the thumbnails' links. */
export const pageId = (page: number) => `page-${page}`;

/**
 * The pages side by side in a strip that snaps to one page: a swipe scrolls it (the page covering most of
 * it is the page on screen), a tap at an edge turns the page.
 */
export function PageStrip({
  stripRef,
  layout,
  pages,
  currentPage,
  onScrolledTo,
  goTo,
  loadedPages,
  markLoaded,
  isImmersive,
  isPinched,
  isFittedToWidth,
  stripWidth,
  fittedHeight,
  zoom,
  pageScrollMargin,
  textOf,
  highlights,
  imageUrl,
  documentId,
  replacedAt,
}: {
  stripRef: RefObject<HTMLDivElement | null>;
  layout: PageLayout;
  pages: readonly { number: number; width: number; height: number }[];
  currentPage: number;
  /** A swipe scrolled the strip to this page. */
  onScrolledTo: (page: number) => void;
  goTo: (page: number) => void;
  loadedPages: ReadonlySet<number>;
  markLoaded: (page: number) => void;
  isImmersive: boolean;
  isPinched: boolean;
  isFittedToWidth: boolean;
  stripWidth: number;
  fittedHeight: number | null;
  zoom: number;
  pageScrollMargin: number;
  textOf: (page: number) => string;
  /** Where the search's words are on the page on screen. */
  highlights: readonly HighlightBox[];
  imageUrl: typeof pageImageUrl;
  documentId: string;
  replacedAt: DocumentPreview['replacedAt'];
}) {
  const pageCount = pages.length;
  const onScroll = () => {
    const strip = stripRef.current;
    if (!strip) return;
    onScrolledTo(pageAtScroll(strip.scrollLeft, strip.clientWidth, pageCount));
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const turn = edgeTapTurn(event.clientX - box.left, box.width);
    if (turn !== 0) goTo(currentPage + turn);
  };
  // The width each page is drawn at, once the strip is laid out: set on the image so that its box
  // (and the skeleton over it) has the page's size before the image arrives.
  const widthOf = (page: { width: number; height: number }) =>
    stripWidth > 0
      ? Math.floor(
          isFittedToWidth
            ? Math.min(stripWidth, FIT_TO_WIDTH_MAX_PX)
            : drawnWidth(page, { width: stripWidth, maxHeight: fittedHeight }),
        )
      : undefined;

  return (
    <>
      {/* Taps at the edges are a touch shortcut; the keyboard turns pages with the arrow keys above. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the arrow and page keys turn pages document-wide. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a tap at an edge repeats the toolbar's buttons. */}
      <div
        ref={stripRef}
        data-testid="page-strip"
        data-layout={layout}
        onScroll={onScroll}
        onClick={onClick}
        className={cn(
          'flex min-w-0 flex-1 snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]',
          isImmersive ? 'items-center' : 'items-start',
          // Past either end of the strip the browser would go Back or Forward (overscroll-behavior does
          // not stop it in Chromium): no pan that way. Panning a pinched page is left free.
          !isPinched && stripTouchAction(sidewaysPans(currentPage, pageCount)),
        )}
      >
        {pages.map((page) => {
          const drawn = widthOf(page);
          return (
            <PageFigure
              key={page.number}
              page={page}
              pageCount={pageCount}
              currentPage={currentPage}
              loadedPages={loadedPages}
              isLoaded={loadedPages.has(page.number)}
              drawn={drawn}
              sizes={drawn === undefined ? PAGE_IMAGE_SIZES_BEFORE_LAYOUT : imageSizes(drawn, zoom)}
              isFittedToWidth={isFittedToWidth}
              pageScrollMargin={pageScrollMargin}
              text={textOf(page.number)}
              highlights={page.number === currentPage ? highlights : undefined}
              imageUrl={imageUrl}
              documentId={documentId}
              replacedAt={replacedAt}
              onLoad={() => markLoaded(page.number)}
            />
          );
        })}
      </div>
    </>
  );
}

/** One page of the strip: its image at both widths, a skeleton with its number until it loads, its text. */
function PageFigure({
  page,
  pageCount,
  currentPage,
  loadedPages,
  isLoaded,
  drawn,
  sizes,
  isFittedToWidth,
  pageScrollMargin,
  text,
  highlights,
  imageUrl,
  documentId,
  replacedAt,
  onLoad,
}: {
  page: { number: number; width: number; height: number };
  pageCount: number;
  currentPage: number;
  loadedPages: ReadonlySet<number>;
  isLoaded: boolean;
  /** The width the page is drawn at, once the strip is laid out. */
  drawn: number | undefined;
  sizes: string;
  isFittedToWidth: boolean;
  pageScrollMargin: number;
  /** The page's own text, for screen readers and find in page. */
  text: string;
  highlights: readonly HighlightBox[] | undefined;
  /** The real pages' or the narrow pages' image address. */
  imageUrl: typeof pageImageUrl;
  documentId: string;
  replacedAt: DocumentPreview['replacedAt'];
  onLoad: () => void;
}) {
  return (
    <figure
      id={pageId(page.number)}
      data-page={page.number}
      style={{ scrollMarginTop: pageScrollMargin }}
      className="relative flex w-full shrink-0 snap-start snap-always flex-col items-center overflow-hidden [@media(orientation:landscape)_and_(max-height:500px)]:h-dvh [@media(orientation:landscape)_and_(max-height:500px)]:justify-center"
    >
      <div className="relative max-w-full">
        <img
          src={imageUrl(documentId, page.number, PAGE_IMAGE_WIDTHS[0], replacedAt)}
          srcSet={PAGE_IMAGE_WIDTHS.map(
            (width) => `${imageUrl(documentId, page.number, width, replacedAt)} ${width}w`,
          ).join(', ')}
          sizes={sizes}
          alt={`Page ${page.number} of ${pageCount}`}
          // The page on screen at once, the pages around it once it has loaded, the rest
          // as they near the screen.
          loading={shouldLoadPage(page.number, currentPage, loadedPages) ? 'eager' : 'lazy'}
          fetchPriority={page.number === currentPage ? 'high' : 'auto'}
          decoding="async"
          width={page.width}
          height={page.height}
          draggable={false}
          onLoad={onLoad}
          style={drawn === undefined ? undefined : { width: drawn }}
          className={cn(
            'mx-auto block h-auto max-w-full bg-white shadow-sm',
            isFittedToWidth ? 'w-full max-w-5xl' : 'w-auto max-h-(--page-max-height)',
          )}
        />
        {isLoaded && highlights && <SearchHighlights boxes={highlights} />}
        {!isLoaded && (
          <div
            aria-hidden="true"
            data-testid="page-skeleton"
            className="absolute inset-0 flex items-center justify-center bg-white text-sm font-medium text-slate-400 shadow-sm motion-safe:animate-pulse"
          >
            Page {page.number}
          </div>
        )}
      </div>
      {text && <figcaption className="sr-only">{text}</figcaption>}
    </figure>
  );
}

/**
 * The search's words marked over a page image: translucent boxes placed in percent of the image, so they
 * stay on their words at any width, zoom or full screen. Drawn only (the page's text, in its caption, is
 * what a screen reader reads); they take no taps, so an edge tap still turns the page.
 */
export function SearchHighlights({ boxes }: { boxes: readonly HighlightBox[] }) {
  return (
    <>
      {boxes.map((box) => (
        <span
          key={`${box.left},${box.top}`}
          aria-hidden="true"
          data-testid="search-highlight"
          className="pointer-events-none absolute rounded-[2px] bg-amber-300/45 mix-blend-multiply outline-2 outline-amber-500/70"
          style={{
            left: `${box.left}%`,
            top: `${box.top}%`,
            width: `${box.width}%`,
            height: `${box.height}%`,
          }}
        />
      ))}
    </>
  );
}
