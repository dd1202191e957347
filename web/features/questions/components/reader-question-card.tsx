import { MessageCircleQuestion } from 'lucide-react';
import { LinkedText } from '#web/components/app/linked-text';
import { Badge } from '#web/components/ui/badge';
import type { ReaderQuestion } from '#web/features/questions/question-threads';
import { subjectLabel } from '#web/features/questions/question-threads';
import { cn } from '#web/lib/cn';
import { formatDateTime } from '#web/lib/format';

/**
 * One question as a reader sees it: their own, with its state and the answer once there is one, or a
 * published one (its wording as the founder published it, and never who asked). `isNew` marks an answer
 * the reader had not seen when they came.
 */
export function ReaderQuestionCard({
  question,
  isNew = false,
  showSubject = false,
}: {
  question: ReaderQuestion;
  isNew?: boolean;
  showSubject?: boolean;
}) {
  const about = question.kind === 'mine' ? question.question.about : question.entry.about;
  const text = question.kind === 'mine' ? question.question.text : question.entry.question;
  const answer = question.kind === 'mine' ? question.question.answer : question.entry.answer;
  const when =
    question.kind === 'mine'
      ? (question.question.answeredAt ?? question.question.askedAt)
      : question.entry.updatedAt;
  return (
    <article
      aria-label={text.slice(0, 80)}
      className={cn(
        'flex flex-col gap-2 rounded-lg border bg-white p-3 sm:p-4',
        isNew ? 'border-indigo-300 ring-1 ring-indigo-200' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <MessageCircleQuestion aria-hidden="true" className="size-4 text-slate-400" />
        {question.kind === 'mine' ? <MineState question={question} /> : <span>Answered for everyone</span>}
        {isNew && <Badge variant="default">New answer</Badge>}
        {showSubject && <span className="font-medium text-slate-700">{subjectLabel(about)}</span>}
        <span className="ml-auto">{formatDateTime(when)}</span>
      </div>
      <LinkedText text={text} className="font-medium break-words whitespace-pre-wrap text-slate-900" />
      {answer !== null && (
        <div className="border-l-2 border-indigo-200 pl-3">
          <p className="text-xs font-medium text-indigo-800">Answer from the founders</p>
          <LinkedText text={answer} className="text-sm break-words whitespace-pre-wrap text-slate-800" />
        </div>
      )}
    </article>
  );
}

function MineState({ question }: { question: Extract<ReaderQuestion, { kind: 'mine' }> }) {
  switch (question.question.state) {
    case 'open':
      return <Badge variant="warning">Your question · waiting for an answer</Badge>;
    case 'answered':
      return <Badge variant="success">Your question · answered to you</Badge>;
    case 'published':
      return <Badge variant="success">Your question · answered for everyone</Badge>;
  }
}
