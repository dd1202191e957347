import {
  ArrowDown,
  ArrowUp,
  Check,
  FileText,
  FolderInput,
  GripVertical,
  Inbox,
  Pencil,
  Plus,
  Trash2,
  Upload,
  X,
} from 'lucide-react';
import {
  type DragEvent,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  DEFAULT_SECTION_ICON,
  inferSectionIcon,
  isSectionIcon,
  SECTION_ICONS,
  type SectionIcon as SectionIconName,
} from '#shared/section-icons';
import { linkedDocumentId, uploadedDocumentPath } from '#shared/sections-markdown';
import {
  applySectionsEdit,
  type DocumentBlock,
  parseSectionsModel,
  type SectionModel,
  type SectionsEdit,
  serializeSectionsModel,
} from '#shared/sections-model';
import { UPLOAD_EXTENSIONS } from '#shared/uploads';
import { SectionIcon } from '#web/components/data-room/data-room-icons';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Input } from '#web/components/ui/input';
import {
  type DocumentDrag,
  type DragSource,
  type DropTarget,
  dropAttributes,
  isBeforeRow,
  isOverSection,
  useDocumentDrag,
} from './document-drag';

/** An uploaded file of the room, as the tray lists it when no section links it. */
export interface UploadedFile {
  id: string;
  title: string;
}

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

/** What the file picker offers: the types an upload may have (shared/uploads.ts). */
const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const SECTION_DRAG = 'application/x-roundroom-section';

/** What the icon picker calls each icon (the icon itself is decorative). */
const ICON_LABELS: Record<SectionIconName, string> = {
  folder: 'Folder',
  'chart-line': 'Line chart',
  gavel: 'Gavel',
  cogs: 'Cogs',
  'chart-bar': 'Bar chart',
  users: 'People',
  'laptop-code': 'Laptop',
};

/** Files from the computer being dragged over the page (not a document of the editor). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

function iconOf(section: SectionModel): SectionIconName {
  if (section.icon === null) return inferSectionIcon(section.name);
  const icon = section.icon.toLowerCase();
  return isSectionIcon(icon) ? icon : DEFAULT_SECTION_ICON;
}

/**
 * The controls to focus after a move, in order of preference (a disabled one is skipped): keyboard users
 * who pressed "Move down" keep their place on the document they moved, wherever it went.
 */
type FocusRequest = string[];

const focusKey = (...parts: (string | number)[]) => parts.join(':');

const documentsOf = (section: SectionModel) =>
  section.blocks.filter((block): block is DocumentBlock => block.kind === 'document');

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
  const newSectionId = useId();

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
  const sectionNames = model.sections.map((section) => section.name);
  const linked = new Set(
    model.sections.flatMap((section) =>
      documentsOf(section).flatMap((document) => {
        const id = linkedDocumentId(document.url, { appOrigin: window.location.origin });
        return id ? [id] : [];
      }),
    ),
  );
  const unplaced = uploadedFiles.filter((file) => !linked.has(file.id));

  const apply = (edit: SectionsEdit, said: string) => {
    const result = applySectionsEdit(model, edit);
    if (!result.ok) {
      setProblem(result.message);
      return false;
    }
    setProblem(null);
    setAnnouncement(said);
    onChange(serializeSectionsModel(result.model), said);
    return true;
  };

  const placeFile = (file: UploadedFile, section: number, index = Number.MAX_SAFE_INTEGER) => {
    const target = model.sections[section];
    if (!target) return;
    const place = Math.min(index, documentsOf(target).length);
    const placed = apply(
      {
        kind: 'placeDocument',
        title: file.title,
        url: uploadedDocumentPath(file.id),
        to: { section, index: place },
      },
      `Placed ${file.title} in ${target.name}.`,
    );
    if (placed) {
      const key = (name: string) => focusKey('document', section, place, name);
      setFocusRequest([key('move'), key('rename')]);
    }
  };

  const unplace = (section: number, index: number) => {
    const document = documentsOf(model.sections[section] as SectionModel)[index];
    if (!document) return;
    if (
      apply(
        { kind: 'unplaceDocument', section, index },
        `Took ${document.title} out of ${sectionNames[section]}: it is in no section now.`,
      )
    )
      setFocusRequest([focusKey('tray', 'first')]);
  };

  dropRef.current = (source, target) => {
    if (source.kind === 'unplaced') {
      const file = unplaced.find((candidate) => candidate.id === source.documentId);
      if (file && target.kind === 'section') placeFile(file, target.section, target.index);
      return;
    }
    if (target.kind === 'tray') {
      unplace(source.section, source.index);
      return;
    }
    // Dropped before a row below it in its own section: that row moves up one place as it leaves.
    const index =
      target.section === source.section && source.index < target.index ? target.index - 1 : target.index;
    if (target.section === source.section && index === source.index) return;
    moveDocument(source, { section: target.section, index });
  };

  const addSection = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = newSection.trim();
    if (!name) {
      setProblem('A section needs a name.');
      return;
    }
    if (apply({ kind: 'addSection', name }, `Added the section ${name}.`)) setNewSection('');
  };

  const moveDocument = (
    from: { section: number; index: number },
    to: { section: number; index: number },
    control: 'up' | 'down' | 'move' = 'move',
  ) => {
    const document = documentsOf(model.sections[from.section] as SectionModel)[from.index];
    const target = model.sections[to.section];
    if (!document || !target) return;
    // "Move to" a section puts the document at its end.
    const last = documentsOf(target).length - (from.section === to.section ? 1 : 0);
    const index = Math.min(to.index, last);
    const moved = apply(
      { kind: 'moveDocument', from, to: { section: to.section, index } },
      `Moved ${document.title} to ${target.name}, place ${index + 1}.`,
    );
    if (moved) {
      const key = (name: string) => focusKey('document', to.section, index, name);
      setFocusRequest([key(control), key('up'), key('down'), key('move'), key('rename')]);
    }
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
      <form onSubmit={addSection} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={newSectionId} className="text-sm font-medium text-slate-900">
            New section
          </label>
          <Input
            id={newSectionId}
            value={newSection}
            maxLength={200}
            placeholder="e.g. Financials"
            onChange={(event) => setNewSection(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" size="field">
          <Plus aria-hidden="true" />
          Add section
        </Button>
      </form>
    </div>
  );
}

interface SectionCardProps {
  section: SectionModel;
  sectionIndex: number;
  sectionNames: string[];
  apply: (edit: SectionsEdit, said: string) => boolean;
  moveDocument: (
    from: { section: number; index: number },
    to: { section: number; index: number },
    control?: 'up' | 'down' | 'move',
  ) => void;
  onRenameUploaded: (documentId: string, title: string) => Promise<void>;
  onUpload: (section: string, files: File[]) => void;
  onProblem: (problem: string | null) => void;
  onAnnounce: (said: string) => void;
  onMoved: (to: number, control: 'up' | 'down') => void;
  onUnplace: (section: number, index: number) => void;
  drag: DocumentDrag | null;
  handleProps: HandleProps;
  sectionExtra?: ((sectionName: string) => ReactNode) | undefined;
}

type HandleProps = ReturnType<typeof useDocumentDrag>['handleProps'];

function dragged(event: DragEvent, type: string): { section: number; index: number } | null {
  const data = event.dataTransfer.getData(type);
  if (!data) return null;
  try {
    const value = JSON.parse(data) as { section: number; index: number };
    return Number.isInteger(value.section) && Number.isInteger(value.index) ? value : null;
  } catch {
    return null;
  }
}

function SectionCard({
  section,
  sectionIndex,
  sectionNames,
  apply,
  moveDocument,
  onRenameUploaded,
  onUpload,
  onProblem,
  onAnnounce,
  onMoved,
  onUnplace,
  drag,
  handleProps,
  sectionExtra,
}: SectionCardProps) {
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [choosingIcon, setChoosingIcon] = useState(false);
  const [dropTarget, setDropTarget] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const iconsId = useId();
  const documents = documentsOf(section);
  const count = sectionNames.length;
  const name = section.name;
  const icon = iconOf(section);
  const highlighted = dropTarget || isOverSection(drag, sectionIndex);

  const acceptsDrop = (event: DragEvent) =>
    carriesFiles(event) || event.dataTransfer.types.includes(SECTION_DRAG);

  const onDrop = (event: DragEvent) => {
    setDropTarget(false);
    // Files from the computer dropped on a section are uploaded into it.
    if (carriesFiles(event)) {
      event.preventDefault();
      const files = [...event.dataTransfer.files];
      if (files.length > 0) onUpload(name, files);
      return;
    }
    const moved = dragged(event, SECTION_DRAG);
    if (moved && moved.section !== sectionIndex) {
      event.preventDefault();
      apply(
        { kind: 'moveSection', from: moved.section, to: sectionIndex },
        `Moved the section ${sectionNames[moved.section]} to place ${sectionIndex + 1}.`,
      );
    }
  };

  return (
    <li
      aria-labelledby={headingId}
      {...dropAttributes.section(sectionIndex, documents.length)}
      onDragOver={(event) => {
        if (!acceptsDrop(event)) return;
        event.preventDefault();
        setDropTarget(true);
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={onDrop}
      className={`rounded-lg border bg-white p-3 shadow-sm sm:p-4 ${highlighted ? 'border-indigo-400 ring-2 ring-indigo-200' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the mouse's way; the keyboard's is the Move buttons */}
        <span
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(SECTION_DRAG, JSON.stringify({ section: sectionIndex, index: 0 }));
            event.dataTransfer.effectAllowed = 'move';
          }}
          title="Drag to reorder the sections"
          className="hidden cursor-grab text-slate-400 sm:inline-flex"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-10 p-0"
          aria-label={`Icon of ${name}: ${ICON_LABELS[icon]}. Change it`}
          title="Change the icon"
          aria-expanded={choosingIcon}
          aria-controls={iconsId}
          onClick={() => setChoosingIcon((open) => !open)}
        >
          <SectionIcon name={icon} className="size-9" />
        </Button>
        {renaming ? (
          <InlineRename
            label="Section name"
            initial={name}
            maxLength={200}
            onCancel={() => setRenaming(false)}
            onSubmit={async (value) => {
              if (
                apply(
                  { kind: 'renameSection', section: sectionIndex, name: value },
                  `Renamed the section to ${value}.`,
                )
              )
                setRenaming(false);
            }}
          />
        ) : (
          <h3 id={headingId} className="min-w-[10ch] flex-1 font-semibold break-words text-slate-900">
            {name}
          </h3>
        )}
        {!renaming && (
          <div className="ml-auto flex shrink-0 items-center">
            <IconButton label={`Rename section ${name}`} onClick={() => setRenaming(true)}>
              <Pencil aria-hidden="true" />
            </IconButton>
            <IconButton
              label={`Move section ${name} up`}
              focus={focusKey('section', sectionIndex, 'up')}
              disabled={sectionIndex === 0}
              onClick={() => {
                if (
                  apply(
                    { kind: 'moveSection', from: sectionIndex, to: sectionIndex - 1 },
                    `Moved the section ${name} up, to place ${sectionIndex} of ${count}.`,
                  )
                )
                  onMoved(sectionIndex - 1, 'up');
              }}
            >
              <ArrowUp aria-hidden="true" />
            </IconButton>
            <IconButton
              label={`Move section ${name} down`}
              focus={focusKey('section', sectionIndex, 'down')}
              disabled={sectionIndex === count - 1}
              onClick={() => {
                if (
                  apply(
                    { kind: 'moveSection', from: sectionIndex, to: sectionIndex + 1 },
                    `Moved the section ${name} down, to place ${sectionIndex + 2} of ${count}.`,
                  )
                )
                  onMoved(sectionIndex + 1, 'down');
              }}
            >
              <ArrowDown aria-hidden="true" />
            </IconButton>
            <IconButton label={`Delete section ${name}`} onClick={() => setConfirmingDelete(true)}>
              <Trash2 aria-hidden="true" />
            </IconButton>
          </div>
        )}
      </div>

      {choosingIcon && (
        <fieldset
          id={iconsId}
          className="mt-2 grid max-w-sm grid-cols-7 gap-1"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setChoosingIcon(false);
            }
          }}
        >
          <legend className="sr-only">Icon of {name}</legend>
          {SECTION_ICONS.map((choice) => (
            <Button
              key={choice}
              type="button"
              variant="ghost"
              size="icon"
              className={`h-11 w-full p-0 ${choice === icon ? 'ring-2 ring-indigo-400' : ''}`}
              aria-label={ICON_LABELS[choice]}
              aria-pressed={choice === icon}
              title={ICON_LABELS[choice]}
              onClick={() => {
                setChoosingIcon(false);
                if (choice !== icon)
                  apply(
                    { kind: 'setSectionIcon', section: sectionIndex, icon: choice },
                    `The icon of ${name} is now ${ICON_LABELS[choice]}.`,
                  );
              }}
            >
              <SectionIcon name={choice} className="size-full max-w-11" />
            </Button>
          ))}
        </fieldset>
      )}

      {sectionExtra?.(name)}

      {documents.length === 0 ? (
        <p
          className={`mt-2 rounded-md border border-dashed p-3 text-sm text-slate-500 ${isBeforeRow(drag, sectionIndex, 0) ? 'border-indigo-400 bg-indigo-50' : 'border-slate-200'}`}
        >
          No documents yet. Upload one, or drag one here.
        </p>
      ) : (
        <ul aria-label={`Documents in ${name}`} className="mt-2 flex flex-col divide-y divide-slate-100">
          {documents.map((document, index) => (
            <DocumentRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a document's place is its identity in the markdown
              key={index}
              document={document}
              sectionIndex={sectionIndex}
              index={index}
              documentCount={documents.length}
              sectionNames={sectionNames}
              apply={apply}
              moveDocument={moveDocument}
              onRenameUploaded={onRenameUploaded}
              onProblem={onProblem}
              onAnnounce={onAnnounce}
              onUnplace={onUnplace}
              dropLineBefore={isBeforeRow(drag, sectionIndex, index)}
              dropLineAfter={
                index === documents.length - 1 && isBeforeRow(drag, sectionIndex, documents.length)
              }
              handleProps={handleProps}
            />
          ))}
        </ul>
      )}

      <div className="mt-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={`Files to upload into ${name}`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) onUpload(name, files);
          }}
        />
        <Button type="button" variant="ghost" size="sm" onClick={() => fileInput.current?.click()}>
          <Upload aria-hidden="true" />
          Upload into {name}
        </Button>
      </div>

      <ConfirmDialog
        open={confirmingDelete}
        title={`Delete the section “${name}”?`}
        description={
          documents.length === 0
            ? 'The section leaves the room.'
            : `The section leaves the room with its ${documents.length === 1 ? 'link' : `${documents.length} links`}; uploaded files stay in your Files.`
        }
        confirmLabel="Delete section"
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          apply({ kind: 'deleteSection', section: sectionIndex }, `Deleted the section ${name}.`);
        }}
      />
    </li>
  );
}

interface DocumentRowProps {
  document: DocumentBlock;
  sectionIndex: number;
  index: number;
  documentCount: number;
  sectionNames: string[];
  apply: (edit: SectionsEdit, said: string) => boolean;
  moveDocument: SectionCardProps['moveDocument'];
  onRenameUploaded: (documentId: string, title: string) => Promise<void>;
  onProblem: (problem: string | null) => void;
  onAnnounce: (said: string) => void;
  onUnplace: (section: number, index: number) => void;
  /** The dragged document would land just before this row, or (the last row) after it. */
  dropLineBefore: boolean;
  dropLineAfter: boolean;
  handleProps: HandleProps;
}

function DocumentRow({
  document,
  sectionIndex,
  index,
  documentCount,
  sectionNames,
  apply,
  moveDocument,
  onRenameUploaded,
  onProblem,
  onAnnounce,
  onUnplace,
  dropLineBefore,
  dropLineAfter,
  handleProps,
}: DocumentRowProps) {
  const [renaming, setRenaming] = useState(false);
  const moveToId = useId();
  const [choosingSection, setChoosingSection] = useState(false);
  const documentId = linkedDocumentId(document.url, { appOrigin: window.location.origin });
  const here = { section: sectionIndex, index };
  const title = document.title;
  const key = (control: string) => focusKey('document', sectionIndex, index, control);

  return (
    <li
      {...dropAttributes.row(index)}
      className={`flex flex-wrap items-center gap-x-2 gap-y-1 border-y-2 py-2 ${dropLineBefore ? 'border-t-indigo-500' : 'border-t-transparent'} ${dropLineAfter ? 'border-b-indigo-500' : 'border-b-transparent'}`}
    >
      <DragHandle title={title} {...handleProps({ kind: 'placed', section: sectionIndex, index, title })} />
      <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      {renaming ? (
        <InlineRename
          label="Document title"
          initial={title}
          maxLength={200}
          onCancel={() => setRenaming(false)}
          onSubmit={async (value) => {
            if (documentId) {
              try {
                await onRenameUploaded(documentId, value);
                onProblem(null);
                onAnnounce(`Renamed the document to ${value}.`);
                setRenaming(false);
              } catch (error) {
                onProblem(error instanceof Error ? error.message : 'The document could not be renamed.');
              }
            } else if (
              apply(
                { kind: 'renameDocument', section: sectionIndex, index, title: value },
                `Renamed the link to ${value}.`,
              )
            ) {
              setRenaming(false);
            }
          }}
        />
      ) : (
        <span className="min-w-[12ch] flex-1 text-sm break-words text-slate-900">
          {title}
          {!documentId && <span className="text-slate-500"> (link)</span>}
        </span>
      )}
      {!renaming && (
        <div className="ml-auto flex shrink-0 items-center">
          <IconButton label={`Rename ${title}`} focus={key('rename')} onClick={() => setRenaming(true)}>
            <Pencil aria-hidden="true" />
          </IconButton>
          <IconButton
            label={`Move ${title} up`}
            focus={key('up')}
            disabled={index === 0}
            onClick={() => moveDocument(here, { section: sectionIndex, index: index - 1 }, 'up')}
          >
            <ArrowUp aria-hidden="true" />
          </IconButton>
          <IconButton
            label={`Move ${title} down`}
            focus={key('down')}
            disabled={index === documentCount - 1}
            onClick={() => moveDocument(here, { section: sectionIndex, index: index + 1 }, 'down')}
          >
            <ArrowDown aria-hidden="true" />
          </IconButton>
          {(sectionNames.length > 1 || documentId) && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-9"
              data-focus={key('move')}
              aria-expanded={choosingSection}
              aria-controls={moveToId}
              aria-label={`Move ${title} to another section`}
              onClick={() => setChoosingSection((open) => !open)}
            >
              <FolderInput aria-hidden="true" />
              Move to…
            </Button>
          )}
        </div>
      )}
      {choosingSection && (
        // A list of buttons rather than a <select>: a closed select's arrow keys would move the document
        // at the first key press.
        <fieldset
          id={moveToId}
          className="flex basis-full flex-wrap items-center gap-1 pl-6"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setChoosingSection(false);
            }
          }}
        >
          <legend className="sr-only">Move {title} to</legend>
          {sectionNames.map((name, target) =>
            target === sectionIndex ? null : (
              <Button
                // biome-ignore lint/suspicious/noArrayIndexKey: sections may share a name
                key={target}
                type="button"
                variant="secondary"
                size="sm"
                aria-label={`Move ${title} to ${name}`}
                onClick={() => {
                  setChoosingSection(false);
                  moveDocument(here, { section: target, index: Number.MAX_SAFE_INTEGER });
                }}
              >
                {name}
              </Button>
            ),
          )}
          {documentId && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={`Move ${title} to no section`}
              onClick={() => {
                setChoosingSection(false);
                onUnplace(sectionIndex, index);
              }}
            >
              Not in a section
            </Button>
          )}
        </fieldset>
      )}
    </li>
  );
}

/**
 * Where a document is grabbed to drag it: a mouse's or a finger's (the keyboard moves it with the
 * buttons, so the handle is not focusable).
 */
function DragHandle({ title, ...props }: { title: string } & ReturnType<HandleProps>) {
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
function DragGhost({ drag }: { drag: DocumentDrag }) {
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

/**
 * The uploads no section links (uploaded with "None for now", or taken out of a section): each can be
 * renamed, dragged into a section or placed with "Move to…". Dropping a section's upload here takes it
 * out of the section.
 */
function UnplacedTray({
  files,
  sectionNames,
  drag,
  handleProps,
  onPlace,
  onRenameUploaded,
  onProblem,
  onAnnounce,
}: {
  files: readonly UploadedFile[];
  sectionNames: string[];
  drag: DocumentDrag | null;
  handleProps: HandleProps;
  onPlace: (file: UploadedFile, section: number) => void;
  onRenameUploaded: (documentId: string, title: string) => Promise<void>;
  onProblem: (problem: string | null) => void;
  onAnnounce: (said: string) => void;
}) {
  const headingId = useId();
  const over = drag?.target?.kind === 'tray';
  if (files.length === 0 && drag?.source.kind !== 'placed') return null;
  return (
    <section
      aria-labelledby={headingId}
      {...dropAttributes.tray}
      className={`rounded-lg border border-dashed p-3 sm:p-4 ${over ? 'border-indigo-400 bg-indigo-50' : 'border-slate-300 bg-slate-50'}`}
    >
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Inbox aria-hidden="true" className="size-4 text-slate-500" />
        Not in a section
      </h3>
      {files.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Drop a file here to take it out of its section.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Investors see a file once it is in a section. Drag one into a section, or use “Move to…”.
          </p>
          <ul aria-label="Files not in a section" className="mt-2 flex flex-col divide-y divide-slate-200">
            {files.map((file, index) => (
              <TrayRow
                key={file.id}
                file={file}
                first={index === 0}
                sectionNames={sectionNames}
                handleProps={handleProps}
                onPlace={onPlace}
                onRenameUploaded={onRenameUploaded}
                onProblem={onProblem}
                onAnnounce={onAnnounce}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function TrayRow({
  file,
  first,
  sectionNames,
  handleProps,
  onPlace,
  onRenameUploaded,
  onProblem,
  onAnnounce,
}: {
  file: UploadedFile;
  first: boolean;
  sectionNames: string[];
  handleProps: HandleProps;
  onPlace: (file: UploadedFile, section: number) => void;
  onRenameUploaded: (documentId: string, title: string) => Promise<void>;
  onProblem: (problem: string | null) => void;
  onAnnounce: (said: string) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [choosingSection, setChoosingSection] = useState(false);
  const moveToId = useId();
  const title = file.title;
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 py-2">
      <DragHandle title={title} {...handleProps({ kind: 'unplaced', documentId: file.id, title })} />
      <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      {renaming ? (
        <InlineRename
          label="Document title"
          initial={title}
          maxLength={200}
          onCancel={() => setRenaming(false)}
          onSubmit={async (value) => {
            try {
              await onRenameUploaded(file.id, value);
              onProblem(null);
              onAnnounce(`Renamed the document to ${value}.`);
              setRenaming(false);
            } catch (error) {
              onProblem(error instanceof Error ? error.message : 'The document could not be renamed.');
            }
          }}
        />
      ) : (
        <span className="min-w-[12ch] flex-1 text-sm break-words text-slate-900">{title}</span>
      )}
      {!renaming && (
        <div className="ml-auto flex shrink-0 items-center">
          <IconButton
            label={`Rename ${title}`}
            focus={first ? focusKey('tray', 'first') : undefined}
            onClick={() => setRenaming(true)}
          >
            <Pencil aria-hidden="true" />
          </IconButton>
          {sectionNames.length > 0 && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-9"
              aria-expanded={choosingSection}
              aria-controls={moveToId}
              aria-label={`Move ${title} to a section`}
              onClick={() => setChoosingSection((open) => !open)}
            >
              <FolderInput aria-hidden="true" />
              Move to…
            </Button>
          )}
        </div>
      )}
      {choosingSection && (
        <fieldset
          id={moveToId}
          className="flex basis-full flex-wrap items-center gap-1 pl-6"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setChoosingSection(false);
            }
          }}
        >
          <legend className="sr-only">Move {title} to</legend>
          {sectionNames.map((name, target) => (
            <Button
              // biome-ignore lint/suspicious/noArrayIndexKey: sections may share a name
              key={target}
              type="button"
              variant="secondary"
              size="sm"
              aria-label={`Move ${title} to ${name}`}
              onClick={() => {
                setChoosingSection(false);
                onPlace(file, target);
              }}
            >
              {name}
            </Button>
          ))}
        </fieldset>
      )}
    </li>
  );
}

function IconButton({
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
function InlineRename({
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
