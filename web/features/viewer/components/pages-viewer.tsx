import { ChevronLeft, ChevronRight, Maximize, MoveHorizontal, X } from 'lucide-react';
import {
  type CSSProperties,
  type MouseEvent,
  type TouchEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  type DocumentPreview,
  PAGE_IMAGE_SIZES_BEFORE_LAYOUT,
  PAGE_IMAGE_WIDTHS,
  type PageLayout,
  pageImageUrl,
} from '#shared/contracts/previews';
import { Button } from '#web/components/ui/button';
import { narrowPageImageUrl, thumbnailUrl, useDocumentText } from '#web/features/viewer/api/preview-queries';
import {
  clampPage,
  drawnWidth,
  edgeTapTurn,
  imageSizes,
  NARROW_LAYOUT_QUERY,
  narrowPageFor,
  opensFittedToWidth,
  pageAtScroll,
  shouldLoadPage,
  sidewaysPans,
  swipeTurn,
} from '#web/features/viewer/paging';
import { cn } from '#web/lib/cn';
import { useMediaQuery } from '#web/lib/use-media-query';

interface PagesViewerProps {
  preview: DocumentPreview;
  /** The page to open at (from the address's `?page=`). */
  initialPage: number;
  /** The page on screen changed (the reading reporter counts its time; the address names it). */
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

/** The pinch zoom of the visual viewport (1 when not zoomed), in quarter steps. */
function usePinchZoom(): number {
  const [zoom, setZoom] = useState(1);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const measure = () => setZoom(Math.round(viewport.scale * 4) / 4);
    measure();
    viewport.addEventListener('resize', measure);
    return () => viewport.removeEventListener('resize', measure);
  }, []);
  return zoom;
}

/** Whether the window is as wide as a desk's (Tailwind's lg), where fit to width can be chosen. */
function useIsDeskWide(): boolean {
  return useMediaQuery('(min-width: 1024px)', true);
}

/** The widest a page fitted to the width is drawn (Tailwind's max-w-5xl): lines longer read badly. */
const FIT_TO_WIDTH_MAX_PX = 1024;

/** The toolbar's height and the air under it: where a page scrolled to starts. */
const TOOLBAR_SPACE_PX = 64;

/** A page fitted to the screen never gets shorter than this, whatever sits above it. */
const MIN_FITTED_HEIGHT_PX = 240;

/** The strip's touch-action for the ways it may pan sideways (a pan left moves the finger right). */
function stripTouchAction({ back, forward }: { back: boolean; forward: boolean }): string | false {
  if (back && forward) return false;
  if (forward) return 'touch-pan-right touch-pan-y touch-pinch-zoom';
  if (back) return 'touch-pan-left touch-pan-y touch-pinch-zoom';
  return 'touch-pan-y touch-pinch-zoom';
}

/** The id of a page's figure, for scrolling to it and for the thumbnails' links. */
const pageId = (page: number) => `page-${page}`;

/**
 * A phone held sideways (a landscape screen too short for the header, toolbar and page together): the
 * viewer covers the screen and the page fills its height, with the toolbar floating at the bottom.
 * Written out in each class below because Tailwind reads class names from the source as they are.
 */

/**
 * A document read as page images (PDF and Office files), one page at a time, as large as the screen
 * allows (docs/decisions/0056-reading-a-deck-on-a-phone.md): the pages sit side by side in a strip that
 * snaps to one page, so a swipe turns the page with the browser's own scrolling and pinch zoom stays the
 * browser's; a tap at the left or right edge turns it too. The page on screen loads first, then the next
 * two and the one before; pages not loaded yet show their number. Each image has both widths in its
 * srcset and `sizes` says the width it is drawn at times the zoom, so a 2x screen or a pinch gets the
 * 1600 px rendering. On a desktop, a strip of thumbnails, "Page N of M", previous and next (buttons,
 * arrow keys, Page Up and Page Down), fit to width or to the page (the page for slides), and full screen
 * (the Fullscreen API, or the viewer covering the window where the browser has none). Each image has an
 * alt text with its number and, after it, the page's own text for screen readers and find in page.
 */
export function PagesViewer({ preview, initialPage, onPageChange }: PagesViewerProps) {
  // A Word document on a phone is read on its narrow pages (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md);
  // crossing the width (a phone turned, a window resized) lays the viewer out again at the same real page.
  const isNarrowScreen = useMediaQuery(NARROW_LAYOUT_QUERY, false);
  const layout: PageLayout = isNarrowScreen && preview.narrowPages ? 'narrow' : 'pages';
  const [realPage, setRealPage] = useState(initialPage);
  const onRealPageChange = useCallback(
    (page: number) => {
      setRealPage(page);
      onPageChange(page);
    },
    [onPageChange],
  );
  return (
    <LaidOutPages
      key={layout}
      preview={preview}
      layout={layout}
      initialPage={realPage}
      onPageChange={onRealPageChange}
    />
  );
}

/**
 * The pages of one layout: the real pages, or a Word document's narrow pages, which are numbered and
 * turned as their own but report (to the address and the reading reporter) the real page each starts on.
 */
function LaidOutPages({
  preview,
  layout,
  initialPage,
  onPageChange,
}: PagesViewerProps & { layout: PageLayout }) {
  const { documentId, replacedAt } = preview;
  const narrowPages = layout === 'narrow' ? (preview.narrowPages ?? []) : null;
  const pages = narrowPages ?? preview.pages;
  const pageCount = pages.length;
  const text = useDocumentText(preview);
  const [currentPage, setCurrentPage] = useState(() =>
    clampPage(narrowPages ? narrowPageFor(initialPage, narrowPages) : initialPage, pageCount),
  );
  const [loadedPages, setLoadedPages] = useState<ReadonlySet<number>>(() => new Set());
  const [isFullScreen, setFullScreen] = useState(false);
  const [isCoveringWindow, setCoveringWindow] = useState(false);
  const isImmersive = isFullScreen || isCoveringWindow;
  // Full screen shows the whole page, a portrait one too, whatever was chosen outside it; a choice made
  // in full screen is its own, so leaving it finds the page as it was.
  const [isFitToWidthOutside, setFitToWidthOutside] = useState(() => opensFittedToWidth(pages));
  const [isFitToWidthInFullScreen, setFitToWidthInFullScreen] = useState(false);
  const isFitToWidth = isImmersive ? isFitToWidthInFullScreen : isFitToWidthOutside;
  const setFitToWidth = isImmersive ? setFitToWidthInFullScreen : setFitToWidthOutside;
  const [stripWidth, setStripWidth] = useState(0);
  const [fittedHeight, setFittedHeight] = useState<number | null>(null);
  const zoom = usePinchZoom();
  const isPinched = zoom > 1;
  // On a phone a page is always fitted to the screen; the choice is a desk's.
  const isDeskWide = useIsDeskWide();
  // Narrow pages are laid out for the phone's width: drawn across it, read down it.
  const isFittedToWidth = narrowPages !== null || (isFitToWidth && isDeskWide);
  const frameRef = useRef<HTMLDivElement>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const thumbnailsRef = useRef<HTMLOListElement>(null);
  const currentPageRef = useRef(currentPage);
  currentPageRef.current = currentPage;
  const headerHeight = useHeaderHeight(isImmersive);
  const pagesTop = headerHeight + TOOLBAR_SPACE_PX;
  // The document's own scroll padding (kept clear for the app header) adds to a page's scroll margin.
  const rootScrollPadding = isImmersive
    ? 0
    : Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const pageScrollMargin = Math.max(0, pagesTop - rootScrollPadding);

  // Opens at the address's page before the first paint; afterwards keeps the page on screen when the
  // strip changes width (a phone turned sideways, full screen, the window resized).
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    let width = -1;
    const align = () => {
      if (strip.clientWidth === width) return;
      width = strip.clientWidth;
      setStripWidth(width);
      strip.scrollLeft = (currentPageRef.current - 1) * width;
    };
    align();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(align);
    observer.observe(strip);
    return () => observer.disconnect();
  }, []);

  // The height a page fitted to the screen may take: from where the strip starts, with the page
  // scrolled to its top, to the bottom of the window (in full screen, of the viewer, inside its padding
  // for the phone's safe area), so a slide is whole at first sight. Measured again when full screen
  // starts or ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: entering or leaving full screen moves the strip
  useLayoutEffect(() => {
    const measure = () => {
      const strip = stripRef.current;
      const frame = frameRef.current;
      if (!strip || !frame) return;
      const isFrameScrolling =
        frame === document.fullscreenElement || getComputedStyle(frame).position === 'fixed';
      const stripTop = strip.getBoundingClientRect().top;
      const available = isFrameScrolling
        ? frame.clientHeight -
          (Number.parseFloat(getComputedStyle(frame).paddingBottom) || 0) -
          (stripTop - frame.getBoundingClientRect().top + frame.scrollTop)
        : window.innerHeight - (stripTop + window.scrollY) - 8;
      setFittedHeight(Math.max(MIN_FITTED_HEIGHT_PX, Math.floor(available)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [isImmersive]);

  useEffect(() => {
    onPageChange(narrowPages ? (narrowPages[currentPage - 1]?.startsOnPage ?? 1) : currentPage);
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
  }, [currentPage, onPageChange, narrowPages]);

  const goTo = useCallback(
    (page: number) => {
      const target = clampPage(page, pageCount);
      document.getElementById(pageId(target))?.scrollIntoView({ block: 'nearest', inline: 'start' });
      setCurrentPage(target);
    },
    [pageCount],
  );

  // A swipe scrolls the strip; the page covering most of it is the page on screen.
  const onStripScroll = () => {
    const strip = stripRef.current;
    if (!strip) return;
    setCurrentPage(pageAtScroll(strip.scrollLeft, strip.clientWidth, pageCount));
  };

  const onStripClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const turn = edgeTapTurn(event.clientX - box.left, box.width);
    if (turn !== 0) goTo(currentPage + turn);
  };

  // Everywhere else on the viewer (the toolbar, the space around the pages) the browser does not pan
  // sideways (touch-action on the frame), so a swipe there neither scrolls nor goes Back through the
  // browser's history gesture: its sideways travel turns the page. On the strip the browser's own
  // scrolling turns it; a second finger is a pinch.
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const onFrameTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    const isOnStrip = event.target instanceof Node && stripRef.current?.contains(event.target) === true;
    swipeStart.current =
      event.touches.length === 1 && touch && !isOnStrip ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onFrameTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    const touch = event.changedTouches[0];
    swipeStart.current = null;
    // A pinched page is panned, not turned: the browser pans it everywhere then (no touch-action below).
    if (!start || !touch || event.touches.length > 0 || isPinched) return;
    const turn = swipeTurn(start, { x: touch.clientX, y: touch.clientY });
    if (turn !== 0) goTo(currentPage + turn);
  };
  const onFrameTouchCancel = () => {
    swipeStart.current = null;
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isCoveringWindow) {
        setCoveringWindow(false);
        return;
      }
      // The browser leaves full screen on Escape itself, unless it hands the key to the page first.
      if (
        event.key === 'Escape' &&
        document.fullscreenElement &&
        document.fullscreenElement === frameRef.current
      ) {
        void document.exitFullscreen();
        return;
      }
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
  }, [currentPage, goTo, isCoveringWindow]);

  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Where the Fullscreen API is missing (Safari on an iPhone), the viewer covers the window instead.
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (isCoveringWindow) setCoveringWindow(false);
    else if (document.fullscreenEnabled && frameRef.current?.requestFullscreen)
      void frameRef.current.requestFullscreen();
    else setCoveringWindow(true);
  };
  const realTextOf = (page: number) => text.data?.pages.find((entry) => entry.number === page)?.text ?? '';
  // A narrow page carries the text of each real page that opens on it, so the text is read once, in order.
  const textOf = (page: number) =>
    narrowPages
      ? (text.data?.pages ?? [])
          .filter((entry) => narrowPageFor(entry.number, narrowPages) === page)
          .map((entry) => entry.text)
          .join('\n')
      : realTextOf(page);
  const imageUrl = narrowPages ? narrowPageImageUrl : pageImageUrl;
  const markLoaded = (page: number) =>
    setLoadedPages((loaded) => (loaded.has(page) ? loaded : new Set(loaded).add(page)));
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
  const sizesOf = (drawn: number | undefined) =>
    drawn === undefined ? PAGE_IMAGE_SIZES_BEFORE_LAYOUT : imageSizes(drawn, zoom);

  return (
    <div
      ref={frameRef}
      onTouchStart={onFrameTouchStart}
      onTouchEnd={onFrameTouchEnd}
      onTouchCancel={onFrameTouchCancel}
      style={
        {
          '--fitted-height': fittedHeight === null ? 'calc(100dvh - 8rem)' : `${fittedHeight}px`,
        } as CSSProperties
      }
      className={cn(
        'flex flex-col gap-2 bg-slate-100 [--page-max-height:var(--fitted-height)] max-sm:-mx-4',
        !isPinched && 'touch-pan-y touch-pinch-zoom',
        // Full screen: the page on a dark ground from edge to edge, clear of a phone's notch and home bar.
        isImmersive &&
          'overflow-y-auto bg-slate-900 pt-[max(0.5rem,env(safe-area-inset-top))] pr-[env(safe-area-inset-right)] pb-[max(0.5rem,env(safe-area-inset-bottom))] pl-[env(safe-area-inset-left)]',
        // Covering the window (no Fullscreen API): as tall as the window between the browser's own bars.
        isCoveringWindow && 'fixed inset-0 z-50 mx-0 h-dvh',
        '[@media(orientation:landscape)_and_(max-height:500px)]:fixed [@media(orientation:landscape)_and_(max-height:500px)]:inset-0 [@media(orientation:landscape)_and_(max-height:500px)]:z-50 [@media(orientation:landscape)_and_(max-height:500px)]:mx-0 [@media(orientation:landscape)_and_(max-height:500px)]:overflow-y-auto [@media(orientation:landscape)_and_(max-height:500px)]:bg-slate-900 [@media(orientation:landscape)_and_(max-height:500px)]:p-0 [@media(orientation:landscape)_and_(max-height:500px)]:[--page-max-height:100dvh]',
      )}
    >
      <div
        role="toolbar"
        aria-label="Pages"
        style={{ top: headerHeight }}
        className={cn(
          'sticky z-10 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white/95 px-2 py-1.5 shadow-sm backdrop-blur [@media(orientation:landscape)_and_(max-height:500px)]:fixed [@media(orientation:landscape)_and_(max-height:500px)]:top-auto! [@media(orientation:landscape)_and_(max-height:500px)]:bottom-2 [@media(orientation:landscape)_and_(max-height:500px)]:left-1/2 [@media(orientation:landscape)_and_(max-height:500px)]:-translate-x-1/2 [@media(orientation:landscape)_and_(max-height:500px)]:py-0.5 [@media(orientation:landscape)_and_(max-height:500px)]:opacity-90',
          isImmersive && 'mx-2',
        )}
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
        <div className="flex items-center gap-1">
          <div className="hidden lg:block">
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
          </div>
          {/* In full screen this is the way out, so it says so in words, even on a phone. */}
          <Button
            variant={isImmersive ? 'outline' : 'ghost'}
            size="sm"
            onClick={toggleFullScreen}
            aria-label={isImmersive ? 'Exit full screen' : 'Full screen'}
          >
            {isImmersive ? <X aria-hidden="true" /> : <Maximize aria-hidden="true" />}
            <span className={cn(!isImmersive && 'max-sm:sr-only')}>
              {isImmersive ? 'Exit full screen' : 'Full screen'}
            </span>
          </Button>
        </div>
      </div>

      {/* In full screen the pages take all the height under the toolbar, each centred in it. */}
      <div className="flex grow gap-4">
        {/* Full screen gives the page the whole width; the toolbar and the keys turn it there. */}
        {narrowPages === null && !isImmersive && (
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
                      src={thumbnailUrl(documentId, page.number, replacedAt)}
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
        )}

        {/* Taps at the edges are a touch shortcut; the keyboard turns pages with the arrow keys above. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the arrow and page keys turn pages document-wide. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a tap at an edge repeats the toolbar's buttons. */}
        <div
          ref={stripRef}
          data-testid="page-strip"
          data-layout={layout}
          onScroll={onStripScroll}
          onClick={onStripClick}
          className={cn(
            'flex min-w-0 flex-1 snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]',
            isImmersive ? 'items-center' : 'items-start',
            // Past either end of the strip the browser would go Back or Forward (overscroll-behavior does
            // not stop it in Chromium): no pan that way. Panning a pinched page is left free.
            !isPinched && stripTouchAction(sidewaysPans(currentPage, pageCount)),
          )}
        >
          {pages.map((page) => {
            const isLoaded = loadedPages.has(page.number);
            const drawn = widthOf(page);
            return (
              <figure
                key={page.number}
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
                    sizes={sizesOf(drawn)}
                    alt={`Page ${page.number} of ${pageCount}`}
                    // The page on screen at once, the pages around it once it has loaded, the rest
                    // as they near the screen.
                    loading={shouldLoadPage(page.number, currentPage, loadedPages) ? 'eager' : 'lazy'}
                    fetchPriority={page.number === currentPage ? 'high' : 'auto'}
                    decoding="async"
                    width={page.width}
                    height={page.height}
                    draggable={false}
                    onLoad={() => markLoaded(page.number)}
                    style={drawn === undefined ? undefined : { width: drawn }}
                    className={cn(
                      'mx-auto block h-auto max-w-full bg-white shadow-sm',
                      isFittedToWidth ? 'w-full max-w-5xl' : 'w-auto max-h-(--page-max-height)',
                    )}
                  />
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
                {textOf(page.number) && <figcaption className="sr-only">{textOf(page.number)}</figcaption>}
              </figure>
            );
          })}
        </div>
      </div>
    </div>
  );
}
