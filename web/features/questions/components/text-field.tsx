import type { Ref } from 'react';
import { FieldError } from '#web/components/ui/field-error';
import { Label } from '#web/components/ui/label';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * A plain-text box with its label, its length against the most it may hold, and its error under it
 * (the server's, or "too long" as soon as it is).
 */
export function TextField({
  ref,
  id,
  label,
  value,
  max,
  error,
  rows = 4,
  placeholder,
  onChange,
}: {
  ref?: Ref<HTMLTextAreaElement>;
  id: string;
  label: string;
  value: string;
  max: number;
  error: string | null;
  rows?: number;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const tooLong = value.length > max;
  const shown = tooLong ? `At most ${count(max)} characters: remove ${count(value.length - max)}.` : error;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-count ${id}-error` : `${id}-count`}
        placeholder={placeholder}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 aria-invalid:border-red-600 sm:text-sm"
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <FieldError id={`${id}-error`} error={shown} />
        <p id={`${id}-count`} className="ml-auto text-xs text-slate-500 tabular-nums">
          {count(value.length)} / {count(max)}
        </p>
      </div>
    </div>
  );
}
