import { useId, useRef, useState } from 'react';
import { isSearchable } from '#web/features/search/api/room-search';
import { useDebouncedValue } from '#web/features/search/use-debounced-value';
import { documentPageHref } from '#web/features/viewer/api/viewer-address';
import type { RoomSource } from '#web/lib/query-keys';
import { AskTheRoomButton, RoomAnswer } from './ask-the-room';
import { SearchField, SearchNotice } from './search-field';
import { SearchOutcome } from './search-outcome';
import type { ResultLinks } from './search-results';

/**
 * Search inside every page of the room, on the room's page: searched as the reader types (from two
 * characters, a quarter of a second after the last key), the pages found grouped by document, each a link
 * that opens the viewer at that page with the words highlighted. A member may turn the words into a
 * question ("Ask the room"); the invited view searches too, and a result opens the room with the
 * invitation first (`onOpenInvited`).
 */
export function RoomSearch({
  source,
  roomId,
  onOpenInvited,
}: {
  source: RoomSource;
  /** The room's id, for the viewer's address (the invited view knows it from the room it shows). */
  roomId: string;
  onOpenInvited?: (documentId: string, at: { page: number; q: string }) => void;
}) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim());
  // The question asked of the room: shown while the box still holds its words.
  const [asked, setAsked] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const noticeId = useId();
  const linksFor = (q: string): ResultLinks => ({
    hrefOf: (documentId, page) => documentPageHref(roomId, documentId, { page, q }),
    onOpen: onOpenInvited ? (documentId, page) => onOpenInvited(documentId, { page, q }) : undefined,
  });
  const isAsking = asked !== null && asked === text.trim();
  const canAskTheRoom = source.kind === 'member';
  return (
    // A form (a landmark by its label), whose Enter does nothing more: the box searches as it is typed in.
    <form
      aria-label="Search this data room"
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1.5">
        <SearchField
          id={fieldId}
          value={text}
          onChange={(next) => {
            setText(next);
            if (next.trim() === '') setAsked(null);
          }}
          inputRef={inputRef}
          describedBy={noticeId}
        />
        <SearchNotice source={source} id={noticeId} />
      </div>
      {isAsking && canAskTheRoom ? (
        <RoomAnswer roomId={roomId} question={asked} linksFor={linksFor} />
      ) : (
        <SearchOutcome
          source={source}
          query={query}
          links={linksFor(query)}
          after={
            canAskTheRoom && isSearchable(query) ? (
              <AskTheRoomButton onAsk={() => setAsked(text.trim())} />
            ) : undefined
          }
        />
      )}
    </form>
  );
}
