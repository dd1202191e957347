import { Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { MAX_FAQ_SEARCH_LENGTH, type QuestionSubject } from '#shared/contracts/questions';
import { href } from '#shared/routes';
import { LoadFailed } from '#web/components/app/load-failed';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Spinner } from '#web/components/ui/spinner';
import { useRoomFaq } from '#web/features/questions/api/use-questions';
import { subjectLabel } from '#web/features/questions/question-threads';
import type { RoomSource } from '#web/lib/query-keys';
import { ReaderQuestionCard } from './reader-question-card';

/** Where a question about a document leads: its page in the viewer. */
function subjectHref(roomId: string, about: QuestionSubject): string | null {
  if (about.kind !== 'document') return null;
  const viewer = href('documentInRoom', { id: roomId, documentId: about.documentId });
  return about.page === null ? viewer : `${viewer}?page=${about.page}`;
}

/** What a question is about: a link to the document's page for a member, its name otherwise. */
export function SubjectLink({ roomId, about }: { roomId: string | null; about: QuestionSubject }) {
  const to = roomId === null ? null : subjectHref(roomId, about);
  const label = subjectLabel(about);
  return to ? (
    <Link to={to} className="text-sm font-medium text-indigo-700 underline">
      {label}
    </Link>
  ) : (
    <p className="text-sm font-medium text-slate-700">{label}</p>
  );
}

/**
 * The room's FAQ, searchable by its text, never naming who asked (docs/product-rules.md#questions): for a
 * member, each entry links to the page it is about; in the invited view (no session yet) the entries
 * are read as they are, and an FAQ with nothing published is not shown at all.
 */
export function RoomFaq({ source }: { source: RoomSource }) {
  const roomId = source.kind === 'member' ? source.roomId : null;
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const faq = useRoomFaq(source, deferred);
  const searchId = useId();
  const isEmptyRoom = faq.data?.entries.length === 0 && deferred.trim() === '';
  // Before the invitation is accepted, an FAQ with nothing in it is one thing less to read.
  if (roomId === null && (faq.isPending || faq.isError || isEmptyRoom)) return null;
  return (
    <section aria-labelledby="faq-heading" className="flex flex-col gap-3">
      <h2 id="faq-heading" className="text-lg font-semibold text-slate-900">
        Answered for everyone
      </h2>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={searchId}>Search the questions</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            maxLength={MAX_FAQ_SEARCH_LENGTH}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Cap table, churn, hiring plan…"
            className="pl-9"
          />
        </div>
      </div>
      {faq.isPending ? (
        <Spinner label="Loading the questions…" />
      ) : faq.isError ? (
        <LoadFailed what="the questions" onRetry={() => faq.refetch()} />
      ) : faq.data.entries.length === 0 ? (
        <p className="text-sm text-slate-600">
          {deferred.trim()
            ? `No answered question mentions “${deferred.trim()}”.`
            : 'No answers published yet.'}
        </p>
      ) : (
        <ul aria-label="Answered questions" className="flex flex-col gap-3">
          {faq.data.entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1">
              <SubjectLink roomId={roomId} about={entry.about} />
              <ReaderQuestionCard question={{ kind: 'published', id: entry.id, entry }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
