import { useEffect, useId, useState } from 'react';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';
import { useModalDialog } from './use-modal-dialog';

interface RenameDialogProps {
  open: boolean;
  /** The title as it is now: the field starts with it. */
  title: string;
  /** The dialog's heading, e.g. "Rename file". */
  heading: string;
  busy?: boolean;
  /** The server's refusal, said under the field. */
  error?: string;
  onSave: (title: string) => void;
  onCancel: () => void;
}

/**
 * A title changed in a native <dialog> (focus kept inside, Escape cancels): the field starts with the
 * current title, selected, and Save is offered only for a title with something in it that differs.
 */
export function RenameDialog({ open, title, heading, busy, error, onSave, onCancel }: RenameDialogProps) {
  const dialog = useModalDialog(open);
  const headingId = useId();
  const fieldId = useId();
  const errorId = useId();
  const [value, setValue] = useState(title);
  useEffect(() => {
    if (open) setValue(title);
  }, [open, title]);
  const trimmed = value.trim();

  return (
    <dialog
      ref={dialog}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      aria-labelledby={headingId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {open && (
        <form
          className="flex flex-col gap-3 p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (trimmed !== '' && trimmed !== title) onSave(trimmed);
          }}
        >
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {heading}
          </h2>
          <Label htmlFor={fieldId}>Title</Label>
          <Input
            id={fieldId}
            value={value}
            maxLength={200}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || trimmed === '' || trimmed === title}>
              Save
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
