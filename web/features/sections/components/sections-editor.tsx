import { Code, ListTree, Save } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { addDocumentToSection, renameDocumentLinks } from '#shared/sections-markdown';
import { LoadFailed } from '#web/components/app/load-failed';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useMyDocuments } from '#web/features/documents/api/document-hooks';
import { useRenameDocument } from '#web/features/documents/api/use-rename-document';
import { useUploadQueue } from '#web/features/documents/api/use-upload-queue';
import { mergeSectionsDraft } from '#web/features/sections/merge-sections-draft';
import { useSectionsDraft } from '#web/features/sections/sections-draft';
import { ApiRequestError } from '#web/lib/api-client';
import { useUnsavedChangesPrompt } from '#web/lib/unsaved-changes';
import { StructuredSectionsEditor } from './structured-sections-editor';

interface SectionsEditorProps {
  /** 25 in /configure, 20 in /setup-data-room (docs/product-rules.md#configure, #setup-data-room). */
  rows: number;
  saveLabel: string;
  /** The toasts of the page (worded differently on each: docs/product-rules.md#messages). */
  messages: { saved: string; failed: string };
  /** Beside the Save button, e.g. 'View Documentation'. */
  actions?: ReactNode;
  /** What the structured editor shows under each section's name (its groups, "Visible to": ADR 68). */
  sectionExtra?: (sectionName: string) => ReactNode;
}

/** The line a refusal names ('Line 12: …'), to put the caret there. */
function lineOf(error: Error | null): number | null {
  if (!(error instanceof ApiRequestError)) return null;
  const line = (error.body as { line?: unknown } | undefined)?.line;
  return typeof line === 'number' && line > 0 ? line : null;
}

/** Selects a 1-based line of the textarea, so the founder lands on what the server refused. */
function selectLine(textarea: HTMLTextAreaElement, line: number) {
  const lines = textarea.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((total, text) => total + text.length + 1, 0);
  textarea.focus();
  textarea.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
}

type SectionsEditorMode = 'structured' | 'markdown';
const MODE_KEY = 'roundroom.sections-editor';

/**
 * Which editor the founder chose last, kept in this browser: one who prefers markdown gets it again on
 * the next visit and after switching tabs. Where storage is refused (private mode), it lasts the page.
 */
function useSectionsEditorMode(): [SectionsEditorMode, (mode: SectionsEditorMode) => void] {
  const [mode, setMode] = useState<SectionsEditorMode>(() => {
    try {
      return window.localStorage.getItem(MODE_KEY) === 'markdown' ? 'markdown' : 'structured';
    } catch {
      return 'structured';
    }
  });
  const choose = (next: SectionsEditorMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(MODE_KEY, next);
    } catch {
      // Not kept: the choice still holds on this page.
    }
  };
  return [mode, choose];
}

/**
 * The sections editor of /configure and /setup-data-room: the structured editor first (ADR 59), the
 * markdown editor one click away ("Edit as markdown"). Both edit the page's one draft, so switching
 * keeps every unsaved change.
 */
export function SectionsEditor(props: SectionsEditorProps) {
  const [mode, setMode] = useSectionsEditorMode();
  if (mode === 'markdown') {
    return (
      <div className="flex flex-col gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => setMode('structured')}
        >
          <ListTree aria-hidden="true" />
          Arrange without markdown
        </Button>
        <SectionsMarkdownEditor {...props} />
      </div>
    );
  }
  return <StructuredSectionsForm {...props} onEditAsMarkdown={() => setMode('markdown')} />;
}

/** The one toast of the structured editor's saves: each replaces the last ("Toasts: one at a time"). */
const SAVE_TOAST = 'sections-saved';

/** A change the structured editor saved: Undo puts back the text from before it. */
interface SavedChange {
  before: string;
  after: string;
}

/**
 * The structured editor over the page's draft. Every change saves at once, through the draft's save
 * with its base version (ADR 18, ADR 30), and its toast offers Undo (ADR 78); a change made while a
 * save is on its way is saved when it returns. Save stays for a draft left unsaved (a refused save, or
 * markdown typed in the other mode).
 */
function StructuredSectionsForm({
  saveLabel,
  messages,
  actions,
  onEditAsMarkdown,
  sectionExtra,
}: SectionsEditorProps & { onEditAsMarkdown: () => void }) {
  const draft = useSectionsDraft();
  const documents = useMyDocuments();
  const renameDocument = useRenameDocument();
  const uploads = useUploadQueue();
  const statusId = useId();
  const errorId = useId();
  useUnsavedChangesPrompt(draft.dirty);
  /** One save at a time: the draft's save is one request, and a change meanwhile waits for it. */
  const inFlight = useRef(false);
  const waiting = useRef<SavedChange | null | undefined>(undefined);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  /** Whether a toast on screen offers Undo: it cannot be kept once this form is gone (the markdown mode). */
  const undoOffered = useRef(false);
  /** Save pressed: the button stays (disabled) while it saves, so a keyboard user's focus stays on it. */
  const [savingLeftDraft, setSavingLeftDraft] = useState(false);
  useEffect(
    () => () => {
      if (undoOffered.current) toast.dismiss(SAVE_TOAST);
    },
    [],
  );

  const settle = () => {
    inFlight.current = false;
    setSavingLeftDraft(false);
    const next = waiting.current;
    waiting.current = undefined;
    if (next !== undefined) saveNow(next);
  };
  /** Sends the draft's one save request; `onSaved` says so. Structured changes made meanwhile wait. */
  const send = (onSaved: () => void) => {
    inFlight.current = true;
    draftRef.current.save({
      onSuccess: () => {
        onSaved();
        settle();
      },
      onError: (error) => {
        undoOffered.current = false;
        toast.error(messages.failed, { id: SAVE_TOAST, description: error.message });
        settle();
      },
    });
  };
  /** Saves a structured change at once (`null`: an Undo), or after the save on its way. */
  const saveNow = (change: SavedChange | null) => {
    if (inFlight.current) {
      // Saved when the current save returns; its toast undoes the latest change.
      waiting.current = change ?? waiting.current ?? null;
      return;
    }
    send(() => {
      undoOffered.current = change !== null;
      toast.success(messages.saved, {
        id: SAVE_TOAST,
        description: change ? undefined : 'The change was undone.',
        action: change ? { label: 'Undo', onClick: () => undo(change) } : undefined,
      });
    });
  };
  /** Save, for a draft left unsaved: never beside a save on its way, whose version it would race. */
  const saveLeftDraft = () => {
    if (inFlight.current) return;
    setSavingLeftDraft(true);
    send(() => {
      undoOffered.current = false;
      toast.success(messages.saved, { id: SAVE_TOAST });
    });
  };
  // Undo takes the change back out of the draft as it is now (a three-way merge), so an upload linked
  // since stays.
  const undo = (change: SavedChange) => {
    let undone = true;
    draftRef.current.transform((current) => {
      const merged = mergeSectionsDraft({ base: change.after, draft: change.before, server: current });
      undone = merged.clean;
      return merged.clean ? merged.text : current;
    });
    if (!undone) {
      undoOffered.current = false;
      toast.error(messages.failed, {
        id: SAVE_TOAST,
        description: 'That change cannot be undone: the same lines changed since.',
      });
      return;
    }
    saveNow(null);
  };

  if (draft.status === 'pending') return <Spinner label="Loading your sections…" />;
  if (draft.status === 'error') {
    return <LoadFailed what="your sections" detail={draft.loadError?.message} onRetry={draft.retry} />;
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-sm font-medium text-slate-900">Sections and documents</h3>
        <span id={statusId} className="text-xs text-slate-500" aria-live="polite">
          {draft.saving ? 'Saving…' : draft.dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
      </div>
      <StructuredSectionsEditor
        markdown={draft.value}
        onChange={(next) => {
          // The text before is the draft's own, not this render's: a second change may come first.
          let before = next;
          // Not `edit`: it resets the save request, and one on its way would never report back.
          draft.transform((current) => {
            before = current;
            return next;
          });
          saveNow({ before, after: next });
        }}
        uploadedFiles={documents.data}
        onEditAsMarkdown={onEditAsMarkdown}
        sectionExtra={sectionExtra}
        onRenameUploaded={async (documentId, title) => {
          const renamed = await renameDocument.mutateAsync({ documentId, title });
          // The server renamed the links in the saved text; an unsaved draft gets the same change.
          draft.followServerChange((markdown) =>
            renameDocumentLinks(markdown, documentId, renamed.title, { appOrigin: window.location.origin }),
          );
        }}
        onUpload={(section, files) =>
          uploads.add(files, {
            section,
            // Where the server linked it: this section, or a zip's folder's own (folderSectionsOf).
            onUploaded: ({ document, url }, linkedIn) => {
              if (linkedIn)
                draft.followServerChange((markdown) =>
                  addDocumentToSection(markdown, linkedIn, document.title, url),
                );
            },
          })
        }
      />
      {draft.saveError && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {draft.saveError.message}
        </p>
      )}
      {draft.conflict && <SavedVersionConflict conflict={draft.conflict.content} />}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        {((draft.dirty && !draft.saving) || savingLeftDraft) && (
          <Button type="button" onClick={saveLeftDraft} disabled={draft.saving} aria-describedby={statusId}>
            <Save aria-hidden="true" />
            {saveLabel}
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onEditAsMarkdown}>
          <Code aria-hidden="true" />
          Edit as markdown
        </Button>
        {actions}
      </div>
    </div>
  );
}

/**
 * The sections markdown editor with Save. A refusal from the server is shown under the text, names the
 * line and selects it. Leaving the page with unsaved changes asks first.
 */
function SectionsMarkdownEditor({ rows, saveLabel, messages, actions }: SectionsEditorProps) {
  const draft = useSectionsDraft();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const editorId = useId();
  const errorId = useId();
  const statusId = useId();
  useUnsavedChangesPrompt(draft.dirty);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    draft.save({
      onSuccess: () => toast.success(messages.saved),
      onError: (error) => {
        toast.error(messages.failed, { description: error.message });
        const line = lineOf(error);
        if (line && textarea.current) selectLine(textarea.current, line);
      },
    });
  };

  if (draft.status === 'pending') return <Spinner label="Loading your sections…" />;
  if (draft.status === 'error') {
    return <LoadFailed what="your sections" detail={draft.loadError?.message} onRetry={draft.retry} />;
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={editorId} className="text-sm font-medium text-slate-900">
          Sections markdown
        </label>
        <span id={statusId} className="text-xs text-slate-500" aria-live="polite">
          {draft.saving ? 'Saving…' : draft.dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
      </div>
      <textarea
        ref={textarea}
        id={editorId}
        rows={rows}
        value={draft.value}
        onChange={(event) => draft.edit(event.target.value)}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-invalid={draft.saveError ? true : undefined}
        aria-describedby={draft.saveError ? `${errorId} ${statusId}` : statusId}
        className="w-full resize-y rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm leading-relaxed text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-200 aria-[invalid=true]:border-red-500"
      />
      {draft.saveError && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {draft.saveError.message}
        </p>
      )}
      {draft.conflict && <SavedVersionConflict conflict={draft.conflict.content} />}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" disabled={draft.saving}>
          <Save aria-hidden="true" />
          {draft.saving ? 'Saving...' : saveLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}

/**
 * The saved text beside the draft, when both changed the same lines: the founder copies what they
 * want into the draft and saves it (it replaces the saved text), or takes the saved text instead.
 */
function SavedVersionConflict({ conflict }: { conflict: string }) {
  const draft = useSectionsDraft();
  const savedId = useId();
  return (
    <section
      aria-label="Saved version"
      className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p>
        <strong className="font-semibold">The saved sections changed the same lines as your draft.</strong>{' '}
        Your draft is still in the editor above; the saved version is below. Copy what you need into your
        draft and save it, or use the saved version.
      </p>
      <label htmlFor={savedId} className="font-medium">
        Saved version
      </label>
      <textarea
        id={savedId}
        readOnly
        rows={8}
        value={conflict}
        className="w-full resize-y rounded-lg border border-amber-200 bg-white p-3 font-mono text-sm leading-relaxed text-slate-900"
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={draft.chooseSaved}>
          Use the saved version
        </Button>
        <Button type="button" variant="outline" onClick={draft.chooseDraft}>
          Keep my draft
        </Button>
      </div>
    </section>
  );
}
