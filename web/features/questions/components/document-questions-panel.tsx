import { MessageCirclePlus, MessageCircleQuestion, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { LoadFailed } from '#web/components/app/load-failed';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import {
  useDocumentQuestions,
  useIsRoomManager,
  useMarkAnswersSeen,
} from '#web/features/questions/api/use-questions';
import { documentThreads, type ReaderQuestion } from '#web/features/questions/question-threads';
import { AnsweredInInbox } from './answered-in-inbox';
import { AskQuestionForm, type SubjectChoice } from './ask-question-form';
import { ReaderQuestionCard } from './reader-question-card';

/** The panel's id: the viewer's "Questions" button scrolls to it. */
export const QUESTIONS_PANEL_ID = 'document-questions';

/**
 * Under a document in the viewer: "Ask a question" about the page on screen (or the whole document),
 * and the questions about this document that the reader may read (their own with their answers, and the
 * published ones), those about the page on screen first (docs/product-rules.md#questions). Answers the
 * reader had not seen are marked new for this visit and counted seen at once, so the room's badge goes.
 */
export function DocumentQuestionsPanel({
  roomId,
  documentId,
  documentTitle,
  page,
}: {
  roomId: string;
  documentId: string;
  documentTitle: string;
  /** The page on screen, for a document read as pages; null for anything else. */
  page: number | null;
}) {
  const questions = useDocumentQuestions(documentId);
  const isManager = useIsRoomManager(roomId);
  const markSeen = useMarkAnswersSeen(roomId);
  const [isAsking, setAsking] = useState(false);
  const [newAnswers, setNewAnswers] = useState<ReadonlySet<string>>(() => new Set());
  const headingId = useId();
  const marked = useRef(false);
  const unseenIds = (questions.data?.mine ?? [])
    .filter((question) => question.isAnswerUnseen)
    .map((question) => question.id)
    .join(' ');
  const { mutate: markDocumentSeen } = markSeen;

  const panelRef = useRef<HTMLElement>(null);
  const askButtonRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // Closing the question (sent, or closed) puts the focus back on "Ask a question", not nowhere.
  useEffect(() => {
    if (wasAsking.current && !isAsking) askButtonRef.current?.focus();
    wasAsking.current = isAsking;
  }, [isAsking]);

  // Once per visit, when the panel comes on screen: what was new stays marked while the reader is here,
  // and the server counts it seen (the badges go).
  useEffect(() => {
    const panel = panelRef.current;
    if (unseenIds === '' || marked.current || !panel) return;
    const markSeenNow = () => {
      if (marked.current) return;
      marked.current = true;
      setNewAnswers(new Set(unseenIds.split(' ')));
      markDocumentSeen(documentId);
    };
    if (typeof IntersectionObserver === 'undefined') return markSeenNow();
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) markSeenNow();
    });
    observer.observe(panel);
    return () => observer.disconnect();
  }, [unseenIds, documentId, markDocumentSeen]);

  const choices: SubjectChoice[] = [
    ...(page === null
      ? []
      : [{ label: `Page ${page}`, about: { kind: 'document' as const, documentId, page } }]),
    { label: 'The whole document', about: { kind: 'document', documentId } },
  ];

  return (
    <section
      ref={panelRef}
      id={QUESTIONS_PANEL_ID}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id={headingId}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 focus:outline-none sm:text-lg"
        >
          Questions
        </h2>
        {questions.data?.canAsk && !isManager && !isAsking && (
          <Button ref={askButtonRef} onClick={() => setAsking(true)} className="max-sm:w-full">
            <MessageCirclePlus aria-hidden="true" />
            Ask a question
          </Button>
        )}
      </div>
      {isManager && <AnsweredInInbox />}
      {isAsking && (
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-900">
              About {documentTitle}
              {page === null ? '' : `, page ${page}`}
            </p>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Close the question"
              onClick={() => setAsking(false)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
          <AskQuestionForm
            roomId={roomId}
            choices={choices}
            placeholder="What is in the other-income line on this page?"
            isFocusedOnOpen
            onAsked={() => setAsking(false)}
          />
        </div>
      )}
      {questions.isPending ? (
        <Spinner label="Loading the questions…" />
      ) : questions.isError ? (
        <LoadFailed what="the questions" onRetry={() => questions.refetch()} />
      ) : (
        <Threads
          threads={documentThreads(questions.data.mine, questions.data.published, page)}
          page={page}
          newAnswers={newAnswers}
        />
      )}
      <p className="text-sm text-slate-600">
        <Link to={href('roomQuestions', { id: roomId })} className="font-medium text-indigo-700 underline">
          All questions of the room
        </Link>
      </p>
    </section>
  );
}

function Threads({
  threads,
  page,
  newAnswers,
}: {
  threads: ReturnType<typeof documentThreads>;
  page: number | null;
  newAnswers: ReadonlySet<string>;
}) {
  const groups: { key: string; title: string; questions: ReaderQuestion[] }[] = [
    ...(page === null ? [] : [{ key: 'here', title: `On page ${page}`, questions: threads.onThisPage }]),
    { key: 'whole', title: 'About the whole document', questions: threads.wholeDocument },
    ...threads.otherPages.map((group) => ({
      key: `page-${group.page}`,
      title: `On page ${group.page}`,
      questions: group.questions,
    })),
  ].filter((group) => group.questions.length > 0);
  if (groups.length === 0)
    return <p className="text-sm text-slate-600">No questions about this document yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <section key={group.key} aria-label={group.title} className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-slate-700">{group.title}</h3>
          {group.questions.map((question) => (
            <ReaderQuestionCard key={question.id} question={question} isNew={newAnswers.has(question.id)} />
          ))}
        </section>
      ))}
    </div>
  );
}

/**
 * In the viewer's header: "Questions", with a badge while answers to the reader's questions about this
 * document wait unseen, scrolling to the panel under the document.
 */
export function QuestionsLink({ documentId }: { documentId: string }) {
  const questions = useDocumentQuestions(documentId);
  const unseen = questions.data?.mine.filter((question) => question.isAnswerUnseen).length ?? 0;
  // A scroll, not a link to #document-questions: the address keeps naming the page on screen.
  const showPanel = () => {
    const panel = document.getElementById(QUESTIONS_PANEL_ID);
    panel?.scrollIntoView({ block: 'start' });
    panel?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  return (
    <Button variant="outline" onClick={showPanel}>
      <MessageCircleQuestion aria-hidden="true" />
      Questions
      {unseen > 0 && (
        <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs text-white">
          {unseen === 1 ? 'New answer' : `${unseen} new`}
        </span>
      )}
    </Button>
  );
}
