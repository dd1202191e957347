import { useEffect, useRef, useState } from 'react';
import type { MyQuestion } from '#shared/contracts/questions';
import type { Section } from '#shared/sections-markdown';
import { LoadFailed } from '#web/components/app/load-failed';
import { Spinner } from '#web/components/ui/spinner';
import {
  useIsRoomManager,
  useMarkAnswersSeen,
  useMyQuestions,
  useRoomFaq,
} from '#web/features/questions/api/use-questions';
import { AnsweredInInbox } from './answered-in-inbox';
import { AskQuestionForm, type SubjectChoice } from './ask-question-form';
import { ReaderQuestionCard } from './reader-question-card';
import { RoomFaq, SubjectLink } from './room-faq';

/**
 * A room's questions, for its reader (docs/product-rules.md#questions): ask about the room or one of
 * its sections (a document's pages are asked about in the viewer), the reader's own questions with their
 * answers, and the room's FAQ, searchable by its text and never naming who asked.
 */
export function RoomQuestions({
  roomId,
  sections,
  initialSection = null,
}: {
  roomId: string;
  /** The sections as the server gave them to this reader: those hidden from their group are not here. */
  sections: readonly Section[];
  /** The section the reader came from: the question is about it to start with. */
  initialSection?: string | null;
}) {
  // Only a section the reader sees is offered: an empty one is on no reader's page, and the server
  // refuses a question about it as about one that does not exist.
  const sectionNames = sections
    .filter((section) => section.documents.length > 0)
    .map((section) => section.name);
  const choices: SubjectChoice[] = [
    { label: 'The room', about: { kind: 'room' } },
    ...sectionNames.map((section) => ({ label: section, about: { kind: 'section' as const, section } })),
  ];
  const faq = useRoomFaq({ kind: 'member', roomId }, '');
  const isManager = useIsRoomManager(roomId);
  return (
    <div className="flex flex-col gap-8">
      {isManager && <AnsweredInInbox />}
      {faq.data?.canAsk && !isManager && (
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
      <RoomFaq source={{ kind: 'member', roomId }} />
    </div>
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
