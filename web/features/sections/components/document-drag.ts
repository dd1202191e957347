import {
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';

/** What is dragged: a document in a section, or an upload no section holds yet (in the tray). */
export type DragSource =
  | { kind: 'placed'; section: number; index: number; title: string }
  | { kind: 'unplaced'; documentId: string; title: string };

/** Where it is dropped: among a section's documents (`index` is the place it takes), or the tray. */
export type DropTarget = { kind: 'section'; section: number; index: number } | { kind: 'tray' };

export interface DocumentDrag {
  source: DragSource;
  x: number;
  y: number;
  target: DropTarget | null;
}

/** The attributes that mark where a document may be dropped (read by hit-testing under the pointer). */
export const dropAttributes = {
  tray: { 'data-drop-tray': '' },
  section: (section: number, documentCount: number) => ({
    'data-drop-section': String(section),
    'data-document-count': String(documentCount),
  }),
  row: (index: number) => ({ 'data-drop-index': String(index) }),
};

/** How close to the window's top or bottom edge the page scrolls under a dragged document. */
const EDGE_PX = 56;
const SCROLL_STEP_PX = 16;

/** The drop target under a point: a row's upper half takes its place, its lower half the next one. */
export function dropTargetAt(x: number, y: number): DropTarget | null {
  const element = document.elementFromPoint?.(x, y);
  if (!element) return null;
  if (element.closest('[data-drop-tray]')) return { kind: 'tray' };
  const section = element.closest<HTMLElement>('[data-drop-section]');
  if (!section) return null;
  const sectionIndex = Number(section.dataset.dropSection);
  const row = element.closest<HTMLElement>('[data-drop-index]');
  if (row && section.contains(row)) {
    const box = row.getBoundingClientRect();
    const index = Number(row.dataset.dropIndex);
    return {
      kind: 'section',
      section: sectionIndex,
      index: y < box.top + box.height / 2 ? index : index + 1,
    };
  }
  return { kind: 'section', section: sectionIndex, index: Number(section.dataset.documentCount) };
}

/**
 * Dragging documents with pointer events, so a mouse, a pen and a finger all drag (HTML5 drag and drop
 * has no touch: ADR 59). The drag starts on a handle whose `touch-action: none` keeps a finger's move
 * from scrolling the page; while it lasts the window follows the pointer, the page scrolls near its
 * edges, and the drop goes to what is under the pointer when it is lifted. The keyboard's way is the
 * Move buttons.
 */
export function useDocumentDrag(onDrop: (source: DragSource, target: DropTarget) => void) {
  const [drag, setDrag] = useState<DocumentDrag | null>(null);
  const dragRef = useRef<DocumentDrag | null>(null);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;
  const dragging = drag !== null;

  useEffect(() => {
    if (!dragging) return;
    const update = (next: DocumentDrag | null) => {
      dragRef.current = next;
      setDrag(next);
    };
    const move = (event: PointerEvent) => {
      const current = dragRef.current;
      if (!current) return;
      event.preventDefault();
      if (event.clientY < EDGE_PX) window.scrollBy(0, -SCROLL_STEP_PX);
      else if (event.clientY > window.innerHeight - EDGE_PX) window.scrollBy(0, SCROLL_STEP_PX);
      update({
        ...current,
        x: event.clientX,
        y: event.clientY,
        target: dropTargetAt(event.clientX, event.clientY),
      });
    };
    const up = (event: PointerEvent) => {
      const current = dragRef.current;
      update(null);
      const target = current ? dropTargetAt(event.clientX, event.clientY) : null;
      if (current && target) onDropRef.current(current.source, target);
    };
    const cancel = () => update(null);
    const cancelOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    window.addEventListener('pointermove', move, { passive: false });
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', cancelOnEscape);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', cancelOnEscape);
    };
  }, [dragging]);

  /** The props of a drag handle for `source`. */
  const handleProps = (source: DragSource) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      event.preventDefault();
      // A finger's pointer is captured by the element it touched; release it so moves reach the window
      // wherever the finger goes.
      if (event.currentTarget.hasPointerCapture?.(event.pointerId))
        event.currentTarget.releasePointerCapture(event.pointerId);
      const next = { source, x: event.clientX, y: event.clientY, target: null };
      dragRef.current = next;
      setDrag(next);
    },
    style: { touchAction: 'none' } satisfies CSSProperties,
  });

  return { drag, handleProps };
}

/** Whether a drop target is this section (at any place), to highlight it. */
export const isOverSection = (drag: DocumentDrag | null, section: number) =>
  drag?.target?.kind === 'section' && drag.target.section === section;

/** Whether the dragged document would land right before this row (the drop line is drawn there). */
export const isBeforeRow = (drag: DocumentDrag | null, section: number, index: number) =>
  drag?.target?.kind === 'section' && drag.target.section === section && drag.target.index === index;
