import { type RefObject, type TouchEvent, useEffect, useRef } from 'react';
import { swipeTurn } from '#web/features/viewer/paging';

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
 * The keys that turn the page (arrows, Page Up and Page Down) and Escape, which leaves full screen or the
 * covered window.
 */
export function usePageKeys(
  frameRef: RefObject<HTMLDivElement | null>,
  {
    currentPage,
    goTo,
    isCoveringWindow,
    setCoveringWindow,
  }: {
    currentPage: number;
    goTo: (page: number) => void;
    isCoveringWindow: boolean;
    setCoveringWindow: (covering: boolean) => void;
  },
): void {
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
  }, [currentPage, goTo, isCoveringWindow, setCoveringWindow, frameRef]);
}

/** The touch handlers of the viewer's frame: a swipe off the strip turns the page. */
export function useFrameSwipe(
  stripRef: RefObject<HTMLDivElement | null>,
  { currentPage, goTo, isPinched }: { currentPage: number; goTo: (page: number) => void; isPinched: boolean },
) {
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
  return { onFrameTouchStart, onFrameTouchEnd, onFrameTouchCancel };
}
