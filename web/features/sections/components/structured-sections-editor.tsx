import { Plus } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { linkedDocumentId } from '#shared/sections-markdown';
import { parseSectionsModel } from '#shared/sections-model';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { type DragSource, type DropTarget, useDocumentDrag } from './document-drag';
import { SectionCard } from './section-card';
import { DragGhost, focusKey } from './sections-editor-controls';
import { documentsOf, type FocusRequest, sectionsEdits } from './sections-edits';
import { UnplacedTray, type UploadedFile } from './unplaced-tray';

export interface StructuredSectionsEditorProps {
  /** The sections markdown (the page's draft). */
  markdown: string;
  /** Called with the markdown an edit wrote, and what the edit did in words. */
  onChange: (markdown: string, said: string) => void;
  /** The room's uploaded files: those no section links are listed in the tray, to place. */
  uploadedFiles?: readonly UploadedFile[] | undefined;
  /**
   * Renames an uploaded document on the server (its links in the markdown follow there and in the
   * draft: ADR 59); rejects with the server's reason.
   */
  onRenameUploaded: (documentId: string, title: string) => Promise<void>;
  /** Uploads files into the section (the server links each at its end). */
  onUpload: (section: string, files: File[]) => void;
  /** Shows the markdown editor instead. */
  onEditAsMarkdown: () => void;
  /** What the page shows under a section's name (its groups, "Visible to": ADR 68), if anything. */
  sectionExtra?: ((sectionName: string) => ReactNode) | undefined;
}

/**
 * Arranging the room without markdown (ADR 59, ADR 78): add, rename, move and delete sections; place the
 * uploads no section holds (the tray) and move documents within and between sections by dragging with a
 * mouse or a finger, or with their buttons (the keyboard's way); rename a document; upload straight into
 * a section. Every change is an edit of the same sections markdown (shared/sections-model.ts), so the
 * markdown editor shows it and the page saves it.
 */
export function StructuredSectionsEditor({
  markdown,
  onChange,
  uploadedFiles = [],
  onRenameUploaded,
  onUpload,
  onEditAsMarkdown,
  sectionExtra,
}: StructuredSectionsEditorProps) {
  const parsed = useMemo(() => parseSectionsModel(markdown), [markdown]);
  const { drag, handleProps } = useDocumentDrag((source, target) => dropRef.current(source, target));
  const dropRef = useRef<(source: DragSource, target: DropTarget) => void>(() => {});
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [newSection, setNewSection] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the moved row is rendered from the new markdown
  useEffect(() => {
    if (!focusRequest) return;
    for (const key of focusRequest) {
      const control = root.current?.querySelector<HTMLElement>(`[data-focus="${key}"]`);
      if (control && !(control as HTMLButtonElement).disabled) {
        control.focus();
        break;
      }
    }
    setFocusRequest(null);
  }, [focusRequest, markdown]);

  if (!parsed.ok) {
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
      >
        <p className="text-amber-950">
          These sections can only be edited as markdown right now: {parsed.message}
        </p>
        <Button type="button" variant="outline" onClick={onEditAsMarkdown} className="self-start">
          Edit as markdown
        </Button>
      </div>
    );
  }
  const model = parsed.model;
  const linked = new Set(
    model.sections.flatMap((section) =>
      documentsOf(section).flatMap((document) => {
        const id = linkedDocumentId(document.url, { appOrigin: window.location.origin });
        return id ? [id] : [];
      }),
    ),
  );
  const unplaced = uploadedFiles.filter((file) => !linked.has(file.id));
  const { sectionNames, apply, placeFile, unplace, moveDocument, drop } = sectionsEdits({
    model,
    unplaced,
    onChange,
    setProblem,
    setAnnouncement,
    setFocusRequest,
  });
  dropRef.current = drop;

  const addSection = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = newSection.trim();
    if (!name) {
      setProblem('A section needs a name.');
      return;
    }
    if (apply({ kind: 'addSection', name }, `Added the section ${name}.`)) setNewSection('');
  };

  return (
    <div ref={root} className="flex flex-col gap-4">
      {drag && <DragGhost drag={drag} />}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <UnplacedTray
        files={unplaced}
        sectionNames={sectionNames}
        drag={drag}
        handleProps={handleProps}
        onPlace={placeFile}
        onRenameUploaded={onRenameUploaded}
        onProblem={setProblem}
        onAnnounce={setAnnouncement}
      />
      {model.sections.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No sections yet. Add the first one below, for example “Financials”.
        </p>
      ) : (
        <ol aria-label="Sections" className="flex flex-col gap-3">
          {model.sections.map((section, sectionIndex) => (
            <SectionCard
              // A section's place is its identity here: the markdown has no ids.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={sectionIndex}
              section={section}
              sectionIndex={sectionIndex}
              sectionNames={sectionNames}
              apply={apply}
              moveDocument={moveDocument}
              onRenameUploaded={onRenameUploaded}
              onUpload={onUpload}
              onProblem={setProblem}
              onAnnounce={setAnnouncement}
              onUnplace={unplace}
              drag={drag}
              handleProps={handleProps}
              sectionExtra={sectionExtra}
              onMoved={(to, control) =>
                setFocusRequest([
                  focusKey('section', to, control),
                  focusKey('section', to, control === 'up' ? 'down' : 'up'),
                ])
              }
            />
          ))}
        </ol>
      )}
      <AddSectionForm value={newSection} onValueChange={setNewSection} onSubmit={addSection} />
    </div>
  );
}

/** The name of a section to add at the end. */
function AddSectionForm({
  value,
  onValueChange,
  onSubmit,
}: {
  value: string;
  onValueChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const id = useId();
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          New section
        </label>
        <Input
          id={id}
          value={value}
          maxLength={200}
          placeholder="e.g. Financials"
          onChange={(event) => onValueChange(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" size="field">
        <Plus aria-hidden="true" />
        Add section
      </Button>
    </form>
  );
}
