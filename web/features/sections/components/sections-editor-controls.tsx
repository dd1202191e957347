import { Check, FileText, GripVertical, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import type { DocumentDrag, useDocumentDrag } from './document-drag';

export type HandleProps = ReturnType<typeof useDocumentDrag>['handleProps'];

/** The key a control is found by (its data-focus) when a focus request names it after a move. */
export const focusKey = (...parts: (string | number)[]) => parts.join(':');

/**
 * Where a document is grabbed to drag it: a mouse's or a finger's (the keyboard moves it with the
 * buttons, so the handle is not focusable).
 */
export function DragHandle({ title, ...props }: { title: string } & ReturnType<HandleProps>) {
  return (
    <div
      {...props}
      data-drag-handle=""
      title={`Drag ${title}`}
      className="-my-1 flex size-9 shrink-0 cursor-grab items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </div>
  );
}

/** The dragged document's title, following the pointer. */
export function DragGhost({ drag }: { drag: DocumentDrag }) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed z-50 flex max-w-[16rem] items-center gap-2 rounded-md border border-indigo-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-lg"
      style={{ left: drag.x + 12, top: drag.y + 12 }}
    >
      <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="truncate">{drag.source.title}</span>
    </div>
  );
}

export function IconButton({
  label,
  onClick,
  disabled,
  focus,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** The key a focus request names this button by, after a move. */
  focus?: string;
  children: ReactNode;
}) {
  return (
    <Button
      data-focus={focus}
      type="button"
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** A name edited in place: Enter or the check saves, Escape or the cross cancels. */
export function InlineRename({
  label,
  initial,
  maxLength,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  maxLength: number;
  onSubmit: (value: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex min-w-0 flex-1 basis-full items-center gap-1 sm:basis-auto"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        await onSubmit(value.trim());
        setBusy(false);
      }}
    >
      <Input
        aria-label={label}
        value={value}
        maxLength={maxLength}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        className="h-10 min-w-0 flex-1"
      />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        aria-label="Save name"
        title="Save name"
        disabled={busy}
      >
        <Check aria-hidden="true" />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label="Cancel" title="Cancel" onClick={onCancel}>
        <X aria-hidden="true" />
      </Button>
    </form>
  );
}

/**
 * A document's "Move to…" choices: one button per section (but `skip`, the one it is in), then
 * `children` (another destination). A list of buttons rather than a <select>: a closed select's arrow
 * keys would move the document at the first key press. Escape closes it.
 */
export function MoveToSectionPicker({
  id,
  title,
  sectionNames,
  skip,
  onChoose,
  onClose,
  children,
}: {
  id: string;
  title: string;
  sectionNames: string[];
  skip?: number;
  onChoose: (target: number) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      className="flex basis-full flex-wrap items-center gap-1 pl-6"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <legend className="sr-only">Move {title} to</legend>
      {sectionNames.map((name, target) =>
        target === skip ? null : (
          <Button
            // biome-ignore lint/suspicious/noArrayIndexKey: sections may share a name
            key={target}
            type="button"
            variant="secondary"
            size="sm"
            aria-label={`Move ${title} to ${name}`}
            onClick={() => {
              onClose();
              onChoose(target);
            }}
          >
            {name}
          </Button>
        ),
      )}
      {children}
    </fieldset>
  );
}
