import { MessageCircleQuestion, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { questionTermsOf } from '#shared/search-words';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useAskFounders, useRoomAnswer } from '#web/features/search/api/room-search';
import { FaqAnswers, PageResultLink, type ResultLinks } from './search-results';

/**
 * "Ask the room": the reader's words read as a question, answered with the passages that may answer it
 * and the founders' published answers; when none does, one tap sends it to the founders as a question
 * (docs/decisions/0088-search-inside-every-page.md).
 */
export function RoomAnswer({
  roomId,
  question,
  linksFor,
}: {
  roomId: string;
  question: string;
  /** The links of pages found, highlighting the given words there. */
  linksFor: (highlight: string) => ResultLinks;
}) {
  const answer = useRoomAnswer(roomId, question);
  const askFounders = useAskFounders(roomId);
  const [sentQuestion, setSentQuestion] = useState<string | null>(null);
  if (answer.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {answer.error.message}
      </p>
    );
  if (!answer.data) return <Spinner label="Looking through the room…" showLabel className="text-sm" />;
  const { passages, faq, canAsk } = answer.data;
  // A passage opens with the question's own words highlighted, not "what" or "the".
  const links = linksFor(highlightOfQuestion(question));
  const isSent = sentQuestion === question;
  const send = () =>
    askFounders.mutate(question, {
      onSuccess: () => {
        setSentQuestion(question);
        // The same words as "Ask a question" under a document: one way to say a question left.
        toast.success('Question sent', { description: 'You will get an e-mail when it is answered.' });
      },
    });
  return (
    <section aria-labelledby="room-answer-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h3 id="room-answer-heading" className="text-sm font-semibold text-slate-900">
          Passages that may answer it
        </h3>
        {passages.length === 0 ? (
          <p role="status" className="text-sm text-slate-700">
            No passage in the room seems to answer “{answer.data.question}”.
          </p>
        ) : (
          <ul className="flex flex-col rounded-lg border border-slate-200 bg-white p-1">
            {passages.map((passage) => (
              <li key={`${passage.documentId}:${passage.page}`}>
                <PageResultLink
                  documentId={passage.documentId}
                  title={passage.title}
                  page={passage.page}
                  snippet={passage.snippet}
                  links={links}
                  showTitle
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {faq.length > 0 && <FaqAnswers entries={faq} />}
      {canAsk && (
        <div className="flex flex-col gap-2 rounded-lg border border-dashed border-slate-300 p-3">
          {isSent ? (
            <p role="status" className="text-sm text-slate-700">
              Sent to the founders. You will get an e-mail when it is answered; it is in your questions
              meanwhile.
            </p>
          ) : (
            <>
              <Button
                variant="outline"
                onClick={send}
                disabled={askFounders.isPending}
                className="w-full sm:w-auto sm:self-start"
              >
                <Send aria-hidden="true" />
                Didn’t find it? Ask the founders
              </Button>
              <p className="text-xs text-slate-500">
                Only the founders see who asked. If they answer for everyone, your name is never shown.
              </p>
              {askFounders.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {askFounders.error.message}
                </p>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** The words of a question the viewer highlights: those the room looked for. */
export function highlightOfQuestion(question: string): string {
  return questionTermsOf(question)
    .map((term) => (term.kind === 'word' ? term.word : term.words.join(' ')))
    .join(' ');
}

/** The way from a search to a question: asks the room the words typed, as they are. */
export function AskTheRoomButton({ onAsk }: { onAsk: () => void }) {
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-600">Is it a question? The room can point you to its answer.</p>
      <Button variant="secondary" onClick={onAsk} className="w-full sm:w-auto">
        <MessageCircleQuestion aria-hidden="true" />
        Ask the room
      </Button>
    </div>
  );
}
