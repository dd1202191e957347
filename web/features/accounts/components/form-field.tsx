import { type ComponentProps, useId } from 'react';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';

type FormFieldProps = Omit<ComponentProps<typeof Input>, 'id'> & {
  label: string;
  /** Shown under the input, which is then marked aria-invalid and described by it. */
  error?: string | undefined;
};

/** A labelled input with its error message, wired for screen readers. */
export function FormField({ label, error, ...inputProps }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
