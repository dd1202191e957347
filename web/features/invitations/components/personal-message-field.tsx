import { MAX_PERSONAL_MESSAGE_LENGTH } from '#shared/contracts/invitations';
import { FieldError } from '#web/components/ui/field-error';
import { Label } from '#web/components/ui/label';
import { cn } from '#web/lib/cn';

const count = (value: number) => value.toLocaleString('en-US');

/** The optional note quoted in the invitation e-mail: plain text, line breaks kept (ADR 60). */
export function PersonalMessageField({
  id,
  countId,
  errorId,
  value,
  error,
  onChange,
}: {
  id: string;
  countId: string;
  errorId: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const tooLong = value.length > MAX_PERSONAL_MESSAGE_LENGTH;
  const shown =
    error ??
    (tooLong
      ? `Personal message may have at most ${count(MAX_PERSONAL_MESSAGE_LENGTH)} characters: remove ${count(value.length - MAX_PERSONAL_MESSAGE_LENGTH)}.`
      : null);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        Personal message <span className="font-normal text-slate-500">(optional)</span>
      </Label>
      <textarea
        id={id}
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${countId} ${errorId}` : countId}
        placeholder="Great to meet you last week. The deck is in Overview."
        className="w-full rounded-md border border-slate-300 bg-white p-3 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 aria-invalid:border-red-600 sm:text-sm"
      />
      <p id={countId} className={cn('text-xs', tooLong ? 'text-red-700' : 'text-slate-500')}>
        Plain text, shown in the e-mail. {count(value.length)} / {count(MAX_PERSONAL_MESSAGE_LENGTH)}{' '}
        characters
      </p>
      <FieldError id={errorId} error={shown} />
    </div>
  );
}
