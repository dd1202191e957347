import { Search } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MyQuestion, QuestionSubject } from '#shared/contracts/questions';
import { MAX_FAQ_SEARCH_LENGTH } from '#shared/contracts/questions';
import { href } from '#shared/routes';
import { LoadFailed } from '#web/components/app/load-failed';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Spinner } from '#web/components/ui/spinner';
import { useMarkAnswersSeen, useMyQuestions, useRoomFaq } from '#web/features/questions/api/use-questions';
import { subjectLabel } from '#web/features/questions/question-threads';
import { AskQuestionForm, type SubjectChoice } from './ask-question-form';
import { ReaderQuestionCard } from './reader-question-card';

/**
 * A room's questions, for its reader (docs/product-rules.md#questions): ask about the room or one of
 * its sections (a document's pages are asked about in the viewer), the reader's own questions with their
 * answers, and the room's FAQ, searchable by its text and never naming who asked.
 */
export function RoomQuestions({
  roomId,
  sectionNames,
  initialSection = null,
}: {
  roomId: string;
  sectionNames: readonly string[];
  /** The section the reader came from: the question is about it to start with. */
  initialSection?: string | null;
}) {
  const choices: SubjectChoice[] = [
    { label: 'The room', about: { kind: 'room' } },
    ...sectionNames.map((section) => ({ label: section, about: { kind: 'section' as const, section } })),
  ];
  const faq = useRoomFaq({ kind: 'member', roomId }, '');
  return (
    <div className="flex flex-col gap-8">
      {faq.data?.canAsk && (
        <section
          aria-labelledby="ask-heading"
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <h2 id="ask-heading" className="text-lg font-semibold text-slate-900">
            Ask a question
          </h2>
          <p className="text-sm text-slate-600">
            About a page of a document? Open the document and ask under it: the founders see the page.
          </p>
          <AskQuestionForm
            roomId={roomId}
            choices={choices}
            initialChoice={initialSection === null ? 0 : sectionNames.indexOf(initialSection) + 1}
            placeholder="When do you expect to close the round?"
          />
        </section>
      )}
      <MyQuestionsList roomId={roomId} />
      <Faq roomId={roomId} />
    </div>
  );
}

/** Where a question about a document leads: its page in the viewer. */
function subjectHref(roomId: string, about: QuestionSubject): string | null {
  if (about.kind !== 'document') return null;
  const viewer = href('documentInRoom', { id: roomId, documentId: about.documentId });
  return about.page === null ? viewer : `${viewer}?page=${about.page}`;
}

function SubjectLink({ roomId, about }: { roomId: string; about: QuestionSubject }) {
  const to = subjectHref(roomId, about);
  const label = subjectLabel(about);
  return to ? (
    <Link to={to} className="text-sm font-medium text-indigo-700 underline">
      {label}
    </Link>
  ) : (
    <p className="text-sm font-medium text-slate-700">{label}</p>
  );
}

function MyQuestionsList({ roomId }: { roomId: string }) {
  const mine = useMyQuestions(roomId);
  const newAnswers = useAnswersSeenOnSight(roomId, mine.data?.questions);
  if (mine.isPending) return <Spinner label="Loading your questions…" />;
  if (mine.isError) return <LoadFailed what="your questions" onRetry={() => mine.refetch()} />;
  if (mine.data.questions.length === 0) return null;
  return (
    <section aria-labelledby="mine-heading" className="flex flex-col gap-3">
      <h2 id="mine-heading" className="text-lg font-semibold text-slate-900">
        Your questions
      </h2>
      <ul className="flex flex-col gap-3">
        {mine.data.questions.map((question) => (
          <li key={question.id} className="flex flex-col gap-1">
            <SubjectLink roomId={roomId} about={question.about} />
            <ReaderQuestionCard
              question={{ kind: 'mine', id: question.id, question }}
              isNew={newAnswers.has(question.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The reader's answers not seen before this visit: marked new while they are here, and counted seen by
 * the server as soon as the list is shown (the room's badges go).
 */
function useAnswersSeenOnSight(roomId: string, questions: readonly MyQuestion[] | undefined) {
  const [newAnswers, setNewAnswers] = useState<ReadonlySet<string>>(() => new Set());
  const { mutate: markSeen } = useMarkAnswersSeen(roomId);
  const marked = useRef(false);
  const unseenIds = (questions ?? [])
    .filter((question) => question.isAnswerUnseen)
    .map((question) => question.id)
    .join(' ');
  useEffect(() => {
    if (unseenIds === '' || marked.current) return;
    marked.current = true;
    setNewAnswers(new Set(unseenIds.split(' ')));
    markSeen(undefined);
  }, [unseenIds, markSeen]);
  return newAnswers;
}

function Faq({ roomId }: { roomId: string }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const faq = useRoomFaq({ kind: 'member', roomId }, deferred);
  const searchId = useId();
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
