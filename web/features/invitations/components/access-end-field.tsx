import { useId } from 'react';
import { FieldError } from '#web/components/ui/field-error';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';

/** A day typed in the field ('YYYY-MM-DD') as the end of access the API takes: the end of that day, as Groups sets it. */
export const accessEndOf = (day: string): string | undefined =>
  day ? new Date(`${day}T23:59:59Z`).toISOString() : undefined;

/** Tomorrow, the first day the field offers: an end must be in the future. */
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The optional last day an invited investor may read the room, as "Access ends" under Groups sets it for
 * one already in (and changes it later); empty for no end.
 */
export function AccessEndField({
  value,
  error,
  errorId,
  disabled,
  onChange,
}: {
  value: string;
  error: string | null;
  errorId: string;
  disabled?: boolean;
  onChange: (day: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        Access ends <span className="font-normal text-slate-500">(optional)</span>
      </Label>
      <Input
        id={id}
        type="date"
        className="sm:max-w-48"
        min={tomorrow()}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="text-xs text-slate-500">
        After this day they can no longer open the room. Leave it empty for no end; you can change it later
        under Groups.
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
