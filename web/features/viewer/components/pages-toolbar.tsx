import { ChevronLeft, ChevronRight, Maximize, MoveHorizontal, X } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';

/**
 * The viewer's toolbar, under the app's sticky header: "Page N of M" between previous and next, fit to
 * width (a desk's choice) and full screen.
 */
export function PagesToolbar({
  headerHeight,
  currentPage,
  pageCount,
  goTo,
  isImmersive,
  isFitToWidth,
  setFitToWidth,
  toggleFullScreen,
}: {
  headerHeight: number;
  currentPage: number;
  pageCount: number;
  goTo: (page: number) => void;
  isImmersive: boolean;
  isFitToWidth: boolean;
  setFitToWidth: (update: (fit: boolean) => boolean) => void;
  toggleFullScreen: () => void;
}) {
  return (
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
  );
}
