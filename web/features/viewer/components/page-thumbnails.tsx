import type { RefObject } from 'react';
import type { DocumentPreview } from '#shared/contracts/previews';
import { thumbnailUrl } from '#web/features/viewer/api/preview-queries';
import { cn } from '#web/lib/cn';

/** A desk's column of thumbnails of the real pages beside the strip, each a button to its page. */
export function PageThumbnails({
  preview: { pages, documentId, replacedAt },
  currentPage,
  goTo,
  pagesTop,
  thumbnailsRef,
}: {
  preview: DocumentPreview;
  currentPage: number;
  goTo: (page: number) => void;
  pagesTop: number;
  thumbnailsRef: RefObject<HTMLOListElement | null>;
}) {
  return (
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
  );
}
