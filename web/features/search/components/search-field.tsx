import { Search, X } from 'lucide-react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { MAX_SEARCH_LENGTH } from '#shared/contracts/search';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { useSearchNotice } from '#web/features/search/api/room-search';
import { cn } from '#web/lib/cn';
import type { RoomSource } from '#web/lib/query-keys';

/** What the line under the box says, as the room's setting has it (docs/decisions/0088-search-inside-every-page.md). */
export function searchNoticeText(areQueriesVisibleToFounders: boolean): string {
  return areQueriesVisibleToFounders
    ? 'The founders can see what you search for.'
    : 'The founders see that you searched, not the words.';
}

/** Whether the founders see the words: one line under the search box, said before anything is typed. */
export function SearchNotice({ source, id }: { source: RoomSource; id?: string }) {
  const notice = useSearchNotice(source);
  if (!notice.data) return null;
  return (
    <p id={id} className="text-xs text-slate-500">
      {searchNoticeText(notice.data.areQueriesVisibleToFounders)}
    </p>
  );
}

/**
 * The box: "Search this data room", searched as the reader types; Esc empties it (and, when already
 * empty, goes on to whatever Esc does around it).
 */
export function SearchField({
  id,
  value,
  onChange,
  inputRef,
  isLabelShown = true,
  placeholder = 'Search every page…',
  describedBy,
  onFocus,
  onKeyDown,
  className,
  trailing,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  isLabelShown?: boolean;
  placeholder?: string;
  /** The notice's id, read after the label. */
  describedBy?: string;
  onFocus?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  className?: string;
  /** Inside the box at its end (the "/" hint). */
  trailing?: ReactNode;
}) {
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      event.stopPropagation();
      onChange('');
      return;
    }
    onKeyDown?.(event);
  };
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={isLabelShown ? undefined : 'sr-only'}>
        Search this data room
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          ref={inputRef}
          id={id}
          type="search"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={placeholder}
          value={value}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onFocus={onFocus}
          onKeyDown={onKey}
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {value !== '' ? (
          <button
            type="button"
            aria-label="Clear the search"
            onClick={() => {
              onChange('');
              inputRef?.current?.focus();
            }}
            className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : (
          trailing
        )}
      </div>
    </div>
  );
}
