import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { InboxQuestion, SeenPassage } from '#shared/contracts/questions';
import { href } from '#shared/routes';
import { LinkedText } from '#web/components/app/linked-text';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { useWithdrawQuestion } from '#web/features/questions/api/use-questions';
import { subjectLabel } from '#web/features/questions/question-threads';
import { formatDateTime } from '#web/lib/format';
import { AnswerEditor, type AnswerMode } from './answer-editor';

/** Where the founder reads what a question is about: the document at its page in their own room. */
function subjectHref(roomId: string, question: InboxQuestion): string | null {
  const { about } = question;
  if (about.kind !== 'document') return null;
  const viewer = href('documentInRoom', { id: roomId, documentId: about.documentId });
  return about.page === null ? viewer : `${viewer}?page=${about.page}`;
}

/**
 * One question in the founder's inbox: who asked (name, address, firm, group), about what, the question
 * and what was answered, and what can be done next for its state.
 */
export function InboxQuestionCard({ roomId, question }: { roomId: string; question: InboxQuestion }) {
  const [mode, setMode] = useState<AnswerMode | null>(null);
  const to = subjectHref(roomId, question);
  const { asker } = question;
  return (
    <article
      aria-label={`Question from ${asker.name || asker.email}`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <AskerLine question={question} />
      <p className="text-sm">
        <span className="text-slate-500">About </span>
        {to ? (
          <Link to={to} className="font-medium text-indigo-700 underline">
            {subjectLabel(question.about)}
          </Link>
        ) : (
          <span className="font-medium text-slate-800">{subjectLabel(question.about)}</span>
        )}
      </p>
      <LinkedText text={question.text} className="break-words whitespace-pre-wrap text-slate-900" />
      {question.passages.length > 0 && <SeenPassages roomId={roomId} passages={question.passages} />}
      {question.state === 'published' && question.publishedQuestion !== question.text && (
        <Quoted label="Published as" text={question.publishedQuestion ?? ''} />
      )}
      {question.answer !== null && (
        <Quoted
          label={`${question.state === 'published' ? 'Published answer' : 'Your private reply'}${
            question.answeredAt ? ` · ${formatDateTime(question.answeredAt)}` : ''
          }`}
          text={question.answer}
          isAnswer
        />
      )}
      {mode ? (
        <AnswerEditor question={question} mode={mode} onDone={() => setMode(null)} />
      ) : (
        <CardActions question={question} onAnswer={setMode} />
      )}
    </article>
  );
}

/** Who asked: name, address, firm and group (or that they are no investor of the room any more). */
function AskerLine({ question }: { question: InboxQuestion }) {
  const { asker } = question;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-medium text-slate-900">{asker.name || asker.email}</span>
      {asker.name && <span className="break-all text-slate-600">{asker.email}</span>}
      <span className="text-slate-500">{question.firm}</span>
      {question.group ? (
        <Badge variant="secondary">{question.group.name}</Badge>
      ) : (
        <Badge variant="outline">No longer an investor</Badge>
      )}
      <span className="ml-auto text-xs text-slate-500">{formatDateTime(question.askedAt)}</span>
    </div>
  );
}

/**
 * What "Ask the room" showed the investor before they sent the question (docs/decisions/0088-search-inside-every-page.md):
 * the passages they read and found wanting, so the answer can start where the room left off. Closed at
 * first: the question comes first.
 */
function SeenPassages({ roomId, passages }: { roomId: string; passages: readonly SeenPassage[] }) {
  return (
    <details className="group rounded-md bg-slate-50 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700 select-none">
        What the room showed them ({passages.length})
      </summary>
      <ol className="mt-2 flex flex-col gap-3">
        {passages.map((passage) => (
          <li key={`${passage.documentId}:${passage.page}`} className="flex flex-col gap-0.5">
            <p className="min-w-0 break-words">
              <span className="font-medium text-slate-900">{passage.title}</span>
              <span className="text-slate-400"> · </span>
              <Link
                to={`${href('documentInRoom', { id: roomId, documentId: passage.documentId })}?page=${passage.page}`}
                className="text-indigo-700 underline"
                aria-label={`Page ${passage.page} of ${passage.title}`}
              >
                Page {passage.page}
              </Link>
            </p>
            <p className="border-l-2 border-slate-200 pl-2 break-words whitespace-pre-wrap text-slate-700">
              {passage.text}
            </p>
          </li>
        ))}
      </ol>
    </details>
  );
}

function Quoted({ label, text, isAnswer = false }: { label: string; text: string; isAnswer?: boolean }) {
  return (
    <div
      className={`flex flex-col gap-1 border-l-2 pl-3 ${isAnswer ? 'border-indigo-200' : 'border-slate-200'}`}
    >
      <p className={`text-xs font-medium ${isAnswer ? 'text-indigo-800' : 'text-slate-500'}`}>{label}</p>
      <LinkedText text={text} className="text-sm break-words whitespace-pre-wrap text-slate-800" />
    </div>
  );
}

/**
 * What can be done next: an open question is replied to or published; one answered privately gets
 * another reply or is published; a published one is edited or withdrawn (after confirming).
 */
function CardActions({
  question,
  onAnswer,
}: {
  question: InboxQuestion;
  onAnswer: (mode: AnswerMode) => void;
}) {
  const [isWithdrawing, setWithdrawing] = useState(false);
  const withdraw = useWithdrawQuestion();
  if (question.state !== 'published')
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onAnswer('reply')}>
          {question.state === 'open' ? 'Reply privately' : 'Change reply'}
        </Button>
        <Button size="sm" onClick={() => onAnswer('publish')}>
          Publish for everyone
        </Button>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => onAnswer('edit')}>
        Edit
      </Button>
      <Button variant="outline" size="sm" onClick={() => setWithdrawing(true)}>
        Withdraw
      </Button>
      <ConfirmDialog
        open={isWithdrawing}
        title="Withdraw this answer?"
        description="It leaves the FAQ at once. The investor who asked keeps the answer you gave them."
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(false)}
        onConfirm={() =>
          withdraw.mutate(question.id, {
            onSuccess: () => {
              setWithdrawing(false);
              toast.success('Answer withdrawn');
            },
            onError: (error) => toast.error('Failed to withdraw the answer', { description: error.message }),
          })
        }
      />
    </div>
  );
}
