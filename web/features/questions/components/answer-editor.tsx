import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { type InboxQuestion, MAX_ANSWER_LENGTH, MAX_QUESTION_LENGTH } from '#shared/contracts/questions';
import { Button } from '#web/components/ui/button';
import { usePublishQuestion, useReplyToQuestion } from '#web/features/questions/api/use-questions';
import { TextField } from './text-field';

/** What the editor does: a private reply, a first publication, or a change to what is published. */
export type AnswerMode = 'reply' | 'publish' | 'edit';

const SUBMIT_LABEL: Record<AnswerMode, string> = {
  reply: 'Send reply',
  publish: 'Publish for everyone',
  edit: 'Save changes',
};

/**
 * The founder's answer to one question. A private reply goes to the asker only. Publishing puts the
 * question, in the wording the founder edits here (the asker's to start with), and the answer in the
 * FAQ of everyone who may read what it is about, never naming who asked (docs/product-rules.md#questions).
 */
export function AnswerEditor({
  question,
  mode,
  onDone,
}: {
  question: InboxQuestion;
  mode: AnswerMode;
  onDone: () => void;
}) {
  const reply = useReplyToQuestion();
  const publish = usePublishQuestion();
  const [wording, setWording] = useState(question.publishedQuestion ?? question.text);
  const [answer, setAnswer] = useState(question.answer ?? '');
  const [problem, setProblem] = useState<{ field: 'question' | 'answer'; message: string } | null>(null);
  const wordingId = useId();
  const answerId = useId();
  const isPending = reply.isPending || publish.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode !== 'reply' && wording.trim() === '')
      return setProblem({ field: 'question', message: 'Write the question as everyone will read it.' });
    if (answer.trim() === '') return setProblem({ field: 'answer', message: 'Write the answer first.' });
    if (wording.length > MAX_QUESTION_LENGTH || answer.length > MAX_ANSWER_LENGTH) return;
    setProblem(null);
    const onError = (error: Error) =>
      setProblem({ field: /question/i.test(error.message) ? 'question' : 'answer', message: error.message });
    if (mode === 'reply') {
      reply.mutate(
        { id: question.id, answer },
        {
          onSuccess: () => {
            toast.success('Reply sent', { description: 'The investor gets it by e-mail.' });
            onDone();
          },
          onError,
        },
      );
      return;
    }
    publish.mutate(
      { id: question.id, isPublished: mode === 'edit', question: wording, answer },
      {
        onSuccess: () => {
          toast.success(mode === 'edit' ? 'Answer updated' : 'Answer published', {
            description: 'Everyone who may read what it is about sees it, without the asker’s name.',
          });
          onDone();
        },
        onError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={SUBMIT_LABEL[mode]}>
      {mode !== 'reply' && (
        <TextField
          id={wordingId}
          label="The question, as everyone will read it"
          value={wording}
          max={MAX_QUESTION_LENGTH}
          rows={3}
          error={problem?.field === 'question' ? problem.message : null}
          onChange={setWording}
        />
      )}
      <TextField
        id={answerId}
        label={mode === 'reply' ? 'Your reply' : 'The answer'}
        value={answer}
        max={MAX_ANSWER_LENGTH}
        error={problem?.field === 'answer' ? problem.message : null}
        onChange={setAnswer}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isPending}>
          {SUBMIT_LABEL[mode]}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
