import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MAX_QUESTION_LENGTH, type QuestionSubjectRequest } from '#shared/contracts/questions';
import { Button } from '#web/components/ui/button';
import { useAskQuestion } from '#web/features/questions/api/use-questions';
import { TextField } from './text-field';

/** One thing a question may be about, as the form offers it ("Page 3", "The whole document"). */
export interface SubjectChoice {
  label: string;
  about: QuestionSubjectRequest;
}

/**
 * "Ask a question": plain text (links allowed), about one of `choices` (the page on screen or the whole
 * document; the room or a section). Only the room's founders see who asked; an answer they publish
 * names no one (docs/product-rules.md#questions).
 */
export function AskQuestionForm({
  roomId,
  choices,
  placeholder,
  initialChoice = 0,
  isFocusedOnOpen = false,
  onAsked,
}: {
  roomId: string;
  choices: readonly SubjectChoice[];
  /** An example of a question about what is offered. */
  placeholder: string;
  /** The choice made to start with (the section the reader came from). */
  initialChoice?: number;
  /** Puts the cursor in the question's box as the form appears, when a button opened it to type in. */
  isFocusedOnOpen?: boolean;
  onAsked?: () => void;
}) {
  const ask = useAskQuestion(roomId);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState(initialChoice);
  const [problem, setProblem] = useState<string | null>(null);
  const textId = useId();
  const choiceName = useId();
  const about = (choices[chosen] ?? choices[0])?.about;
  const textRef = useRef<HTMLTextAreaElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only as the form appears, never again on a re-render
  useEffect(() => {
    if (isFocusedOnOpen) textRef.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!about) return;
    if (text.trim() === '') return setProblem('Write your question first.');
    if (text.length > MAX_QUESTION_LENGTH) return;
    setProblem(null);
    ask.mutate(
      { about, text },
      {
        onSuccess: () => {
          setText('');
          toast.success('Question sent', { description: 'You will get an e-mail when it is answered.' });
          onAsked?.();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Ask a question">
      {choices.length > 1 && (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium text-slate-900">About</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1.5">
            {choices.map((choice, index) => (
              <label key={choice.label} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={choiceName}
                  checked={index === chosen}
                  onChange={() => setChosen(index)}
                  className="size-4 accent-indigo-600"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <TextField
        ref={textRef}
        id={textId}
        label="Your question"
        value={text}
        max={MAX_QUESTION_LENGTH}
        error={problem}
        onChange={setText}
        placeholder={placeholder}
      />
      <p className="text-xs text-slate-500">
        Only the founders see who asked. If they answer for everyone, your name is never shown.
      </p>
      <div>
        <Button type="submit" disabled={ask.isPending} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          Send question
        </Button>
      </div>
    </form>
  );
}
