import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { useMediaQuery } from '#web/lib/use-media-query';

/**
 * The height of the app's sticky header, which the viewer's own toolbar sits under (it differs for a
 * founder, whose header has a second row, and it is 0 in full screen, where the header is not shown).
 */
export function useHeaderHeight(isFullScreen: boolean): number {
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
export function usePinchZoom(): number {
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
export function useIsDeskWide(): boolean {
  return useMediaQuery('(min-width: 1024px)', true);
}

/** A page fitted to the screen never gets shorter than this, whatever sits above it. */
const MIN_FITTED_HEIGHT_PX = 240;

/** The width of the strip of pages, once laid out (0 before). */
export function useStripWidth(
  stripRef: RefObject<HTMLDivElement | null>,
  currentPageRef: RefObject<number>,
): number {
  const [stripWidth, setStripWidth] = useState(0);
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
  }, [stripRef, currentPageRef]);
  return stripWidth;
}

/** The height a page fitted to the screen may take (null until measured). */
export function useFittedHeight(
  stripRef: RefObject<HTMLDivElement | null>,
  frameRef: RefObject<HTMLDivElement | null>,
  isImmersive: boolean,
): number | null {
  const [fittedHeight, setFittedHeight] = useState<number | null>(null);
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
  return fittedHeight;
}

/** Full screen, or the viewer covering the window where the browser has no Fullscreen API. */
export function useFullScreen(frameRef: RefObject<HTMLDivElement | null>) {
  const [isFullScreen, setFullScreen] = useState(false);
  const [isCoveringWindow, setCoveringWindow] = useState(false);

  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [frameRef]);

  // Where the Fullscreen API is missing (Safari on an iPhone), the viewer covers the window instead.
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (isCoveringWindow) setCoveringWindow(false);
    else if (document.fullscreenEnabled && frameRef.current?.requestFullscreen)
      void frameRef.current.requestFullscreen();
    else setCoveringWindow(true);
  };
  return { isFullScreen, isCoveringWindow, setCoveringWindow, toggleFullScreen };
}
