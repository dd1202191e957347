import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { DocumentPreview, SheetPreview } from '#shared/contracts/previews';
import { pageImageUrl } from '#shared/contracts/previews';
import { useDocumentText } from '#web/features/viewer/api/preview-queries';
import { cn } from '#web/lib/cn';

interface SheetsViewerProps {
  preview: DocumentPreview & { sheets: SheetPreview[] };
  /** The sheet the address names (`?page=`), as the pages viewer reads it; an unknown one opens the first. */
  initialPage: number;
  /** The sheet shown changed (the reading reporter counts its time as that page's). */
  onPageChange: (page: number) => void;
}

/** A sheet shorter than this (in CSS px) has no cells with content: LibreOffice exports it as a sliver. */
const EMPTY_SHEET_HEIGHT = 2;

/**
 * A workbook read in the browser (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): one tab per
 * visible sheet, named as in the workbook, and the sheet whole as one image at its size at 100% (a
 * 10 pt cell is 13 CSS px on any screen), scrolled both ways inside its frame rather than shrunk to the
 * screen. The image comes at 1x or 2x for the screen's density; it carries the room's watermark like
 * any page image. Tabs follow the WAI-ARIA tabs pattern (arrow keys, Home, End); the sheet's own text
 * follows its image for screen readers and find in page.
 */
export function SheetsViewer({ preview, initialPage, onPageChange }: SheetsViewerProps) {
  const { documentId, sheets, replacedAt } = preview;
  const [selected, setSelected] = useState(
    () => sheets.find((sheet) => sheet.page === initialPage)?.page ?? sheets[0]?.page ?? 1,
  );
  const text = useDocumentText(preview);
  const tabsRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLElement>(null);
  const [frameWidth, setFrameWidth] = useState<number | null>(null);
  const idPrefix = useId();
  const sheet = sheets.find((candidate) => candidate.page === selected) ?? sheets[0];

  useEffect(() => onPageChange(selected), [selected, onPageChange]);

  // Whether the sheet is wider than its frame: then a line under it says it scrolls sideways (a phone
  // shows no scroll bar until the reader scrolls).
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFrameWidth(frame.clientWidth));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  function select(page: number, focus: boolean) {
    setSelected(page);
    if (focus) tabsRef.current?.querySelector<HTMLElement>(`[data-sheet="${page}"]`)?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = sheets.findIndex((candidate) => candidate.page === selected);
    const target = {
      ArrowRight: sheets[(index + 1) % sheets.length],
      ArrowLeft: sheets[(index - 1 + sheets.length) % sheets.length],
      Home: sheets[0],
      End: sheets[sheets.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    select(target.page, true);
  }

  if (!sheet) return null;
  const sheetText = text.data?.pages.find((page) => page.number === sheet.page)?.text.trim();
  const isEmpty = sheet.height < EMPTY_SHEET_HEIGHT;
  return (
    <div className="flex flex-col gap-2">
      <div
        ref={tabsRef}
        role="tablist"
        aria-label="Sheets"
        onKeyDown={onTabKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {sheets.map((candidate) => {
          const isSelected = candidate.page === sheet.page;
          return (
            <button
              key={candidate.page}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${candidate.page}`}
              data-sheet={candidate.page}
              aria-selected={isSelected}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(candidate.page, false)}
              className={cn(
                '-mb-px min-h-11 shrink-0 rounded-t-md border border-b-0 px-4 py-2 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                isSelected
                  ? 'border-slate-200 bg-white font-semibold text-indigo-700'
                  : 'border-transparent text-slate-600 hover:bg-slate-50 hover:text-slate-900',
              )}
            >
              {candidate.name}
            </button>
          );
        })}
      </div>
      <section
        ref={frameRef}
        id={`${idPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${sheet.page}`}
        // Scrolled with the keyboard too: the frame takes focus.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        data-testid="sheet-frame"
        className="max-h-[75dvh] overflow-auto overscroll-contain rounded-lg border border-slate-200 bg-white p-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {isEmpty ? (
          <p className="p-6 text-sm text-slate-600">This sheet is empty.</p>
        ) : (
          <img
            key={sheet.page}
            src={pageImageUrl(documentId, sheet.page, 800, replacedAt)}
            srcSet={`${pageImageUrl(documentId, sheet.page, 800, replacedAt)} 1x, ${pageImageUrl(documentId, sheet.page, 1600, replacedAt)} 2x`}
            alt={`Sheet ${sheet.name}`}
            decoding="async"
            width={Math.ceil(sheet.width)}
            height={Math.ceil(sheet.height)}
            // At its own size: never shrunk to the frame (the frame scrolls instead).
            style={{ width: sheet.width, height: sheet.height }}
            className="block max-w-none"
          />
        )}
        {sheetText && <p className="sr-only">{sheetText}</p>}
      </section>
      {!isEmpty && frameWidth !== null && sheet.width > frameWidth && (
        <p className="text-sm text-slate-600">This sheet is wider than the screen: scroll it sideways.</p>
      )}
    </div>
  );
}
