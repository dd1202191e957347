import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type DocumentPreview, type PageLayout, pageImageUrl } from '#shared/contracts/previews';
import { narrowPageImageUrl, useDocumentText } from '#web/features/viewer/api/preview-queries';
import {
  clampPage,
  NARROW_LAYOUT_QUERY,
  narrowPageFor,
  opensFittedToWidth,
} from '#web/features/viewer/paging';
import { usePageHighlights } from '#web/features/viewer/use-page-highlights';
import { useFrameSwipe, usePageKeys } from '#web/features/viewer/use-page-turning';
import {
  useFittedHeight,
  useFullScreen,
  useHeaderHeight,
  useIsDeskWide,
  usePinchZoom,
  useStripWidth,
} from '#web/features/viewer/use-viewer-screen';
import { cn } from '#web/lib/cn';
import { useMediaQuery } from '#web/lib/use-media-query';
import { PageStrip, pageId } from './page-strip';
import { PageThumbnails } from './page-thumbnails';
import { PagesToolbar } from './pages-toolbar';

interface PagesViewerProps {
  preview: DocumentPreview;
  /** The page to open at (from the address's `?page=`). */
  initialPage: number;
  /** The page on screen changed (the reading reporter counts its time; the address names it). */
  onPageChange: (page: number) => void;
  /** A search whose words are highlighted on the page on screen (the address's `?q=`), or ''. */
  highlight?: string;
}

/** The toolbar's height and the air under it: where a page scrolled to starts. */
const TOOLBAR_SPACE_PX = 64;

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
export function PagesViewer({ preview, initialPage, onPageChange, highlight = '' }: PagesViewerProps) {
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
      highlight={highlight}
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
  highlight = '',
}: PagesViewerProps & { layout: PageLayout }) {
  const { documentId, replacedAt } = preview;
  const narrowPages = layout === 'narrow' ? (preview.narrowPages ?? []) : null;
  const pages = narrowPages ?? preview.pages;
  const pageCount = pages.length;
  const textOf = usePageTextOf(preview, narrowPages);
  const [currentPage, setCurrentPage] = useState(() =>
    clampPage(narrowPages ? narrowPageFor(initialPage, narrowPages) : initialPage, pageCount),
  );
  const [loadedPages, setLoadedPages] = useState<ReadonlySet<number>>(() => new Set());
  const frameRef = useRef<HTMLDivElement>(null);
  const { isFullScreen, isCoveringWindow, setCoveringWindow, toggleFullScreen } = useFullScreen(frameRef);
  const isImmersive = isFullScreen || isCoveringWindow;
  // Full screen shows the whole page, a portrait one too, whatever was chosen outside it; a choice made
  // in full screen is its own, so leaving it finds the page as it was.
  const [isFitToWidthOutside, setFitToWidthOutside] = useState(() => opensFittedToWidth(pages));
  const [isFitToWidthInFullScreen, setFitToWidthInFullScreen] = useState(false);
  const isFitToWidth = isImmersive ? isFitToWidthInFullScreen : isFitToWidthOutside;
  const setFitToWidth = isImmersive ? setFitToWidthInFullScreen : setFitToWidthOutside;
  const zoom = usePinchZoom();
  const isPinched = zoom > 1;
  // On a phone a page is always fitted to the screen; the choice is a desk's.
  const isDeskWide = useIsDeskWide();
  // Narrow pages are laid out for the phone's width: drawn across it, read down it.
  const isFittedToWidth = narrowPages !== null || (isFitToWidth && isDeskWide);
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
  const stripWidth = useStripWidth(stripRef, currentPageRef);
  const fittedHeight = useFittedHeight(stripRef, frameRef, isImmersive);

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

  const swipe = useFrameSwipe(stripRef, { currentPage, goTo, isPinched });
  usePageKeys(frameRef, { currentPage, goTo, isCoveringWindow, setCoveringWindow });

  // The words' boxes are the real pages': a narrow page (a Word document on a phone) is drawn anew, so
  // its words are not where the boxes say.
  const highlights = usePageHighlights(preview, currentPage, highlight, narrowPages === null);

  const imageUrl = narrowPages ? narrowPageImageUrl : pageImageUrl;
  const markLoaded = (page: number) =>
    setLoadedPages((loaded) => (loaded.has(page) ? loaded : new Set(loaded).add(page)));

  return (
    <ViewerFrame
      frameRef={frameRef}
      swipe={swipe}
      fittedHeight={fittedHeight}
      isPinched={isPinched}
      isImmersive={isImmersive}
      isCoveringWindow={isCoveringWindow}
    >
      <PagesToolbar
        headerHeight={headerHeight}
        currentPage={currentPage}
        pageCount={pageCount}
        goTo={goTo}
        isImmersive={isImmersive}
        isFitToWidth={isFitToWidth}
        setFitToWidth={setFitToWidth}
        toggleFullScreen={toggleFullScreen}
      />

      {/* In full screen the pages take all the height under the toolbar, each centred in it. */}
      <div className="flex grow gap-4">
        {/* Full screen gives the page the whole width; the toolbar and the keys turn it there. */}
        {narrowPages === null && !isImmersive && (
          <PageThumbnails
            preview={preview}
            currentPage={currentPage}
            goTo={goTo}
            pagesTop={pagesTop}
            thumbnailsRef={thumbnailsRef}
          />
        )}

        <PageStrip
          stripRef={stripRef}
          layout={layout}
          pages={pages}
          currentPage={currentPage}
          onScrolledTo={setCurrentPage}
          goTo={goTo}
          loadedPages={loadedPages}
          markLoaded={markLoaded}
          isImmersive={isImmersive}
          isPinched={isPinched}
          isFittedToWidth={isFittedToWidth}
          stripWidth={stripWidth}
          fittedHeight={fittedHeight}
          zoom={zoom}
          pageScrollMargin={pageScrollMargin}
          textOf={textOf}
          highlights={highlights}
          imageUrl={imageUrl}
          documentId={documentId}
          replacedAt={replacedAt}
        />
      </div>
    </ViewerFrame>
  );
}

/**
 * A phone held sideways (a landscape screen too short for the header, toolbar and page together): the
 * viewer covers the screen and the page fills its height, with the toolbar floating at the bottom.
 * Written out in each class below because Tailwind reads class names from the source as they are.
 *
 * The viewer's box: in the page's flow, full screen, or covering the window; a swipe on it turns the page.
 */
function ViewerFrame({
  frameRef,
  swipe,
  fittedHeight,
  isPinched,
  isImmersive,
  isCoveringWindow,
  children,
}: {
  frameRef: RefObject<HTMLDivElement | null>;
  swipe: ReturnType<typeof useFrameSwipe>;
  fittedHeight: number | null;
  isPinched: boolean;
  isImmersive: boolean;
  isCoveringWindow: boolean;
  children: ReactNode;
}) {
  return (
    <div
      ref={frameRef}
      onTouchStart={swipe.onFrameTouchStart}
      onTouchEnd={swipe.onFrameTouchEnd}
      onTouchCancel={swipe.onFrameTouchCancel}
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
      {children}
    </div>
  );
}

/** Each page's own text (for screen readers and find in page), once the document's text has loaded. */
function usePageTextOf(
  preview: DocumentPreview,
  narrowPages: DocumentPreview['narrowPages'] | null,
): (page: number) => string {
  const text = useDocumentText(preview);
  const realTextOf = (page: number) => text.data?.pages.find((entry) => entry.number === page)?.text ?? '';
  // A narrow page carries the text of each real page that opens on it, so the text is read once, in order.
  const textOf = (page: number) =>
    narrowPages
      ? (text.data?.pages ?? [])
          .filter((entry) => narrowPageFor(entry.number, narrowPages) === page)
          .map((entry) => entry.text)
          .join('\n')
      : realTextOf(page);
  return textOf;
}
