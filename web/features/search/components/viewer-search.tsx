import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isSearchable } from '#web/features/search/api/room-search';
import { useDebouncedValue } from '#web/features/search/use-debounced-value';
import { documentPageHref } from '#web/features/viewer/api/viewer-address';
import { SearchField, SearchNotice } from './search-field';
import { SearchOutcome } from './search-outcome';

/** Whether a key press is typing somewhere (a field, an editable text), where "/" is a character. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The room's search in the viewer's header: "/" puts the cursor in it (unless the reader is typing
 * elsewhere), its results drop down under it, and a result opens that page here with its words
 * highlighted. The box starts with the search the document was opened with (`?q=`). Esc empties the
 * box, then closes the results; leaving the box and its results closes them too.
 */
export function ViewerSearch({ roomId }: { roomId: string }) {
  const { search } = useLocation();
  const [text, setText] = useState(() => (new URLSearchParams(search).get('q') ?? '').trim());
  const [isOpen, setOpen] = useState(false);
  const query = useDebouncedValue(text.trim());
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const noticeId = useId();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the box and its results close together as the focus leaves both.
    <div className="relative w-full sm:w-72" onBlur={onBlur}>
      <SearchField
        id={fieldId}
        value={text}
        onChange={(next) => {
          setText(next);
          setOpen(true);
        }}
        inputRef={inputRef}
        isLabelShown={false}
        placeholder="Search this data room…"
        describedBy={noticeId}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        trailing={
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-500 sm:block"
          >
            /
          </span>
        }
      />
      {isOpen && isSearchable(query) && (
        <section
          aria-label="Search results"
          className="absolute top-full right-0 left-0 z-30 mt-1 flex max-h-[min(70dvh,36rem)] flex-col gap-2 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-3 shadow-lg sm:left-auto sm:w-[28rem]"
        >
          <SearchNotice source={{ kind: 'member', roomId }} id={noticeId} />
          <SearchOutcome
            source={{ kind: 'member', roomId }}
            query={query}
            links={{ hrefOf: (documentId, page) => documentPageHref(roomId, documentId, { page, q: query }) }}
          />
        </section>
      )}
    </div>
  );
}
