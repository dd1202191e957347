import { ArrowDown, ArrowUp, GripVertical, Pencil, Trash2, Upload } from 'lucide-react';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import {
  DEFAULT_SECTION_ICON,
  inferSectionIcon,
  isSectionIcon,
  SECTION_ICONS,
  type SectionIcon as SectionIconName,
} from '#shared/section-icons';
import type { SectionModel, SectionsEdit } from '#shared/sections-model';
import { UPLOAD_EXTENSIONS } from '#shared/uploads';
import { SectionIcon } from '#web/components/data-room/data-room-icons';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { type DocumentDrag, dropAttributes, isBeforeRow, isOverSection } from './document-drag';
import { DocumentRow } from './document-row';
import { focusKey, type HandleProps, IconButton, InlineRename } from './sections-editor-controls';
import { documentsOf, type MoveDocument } from './sections-edits';

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

interface SectionCardProps {
  section: SectionModel;
  sectionIndex: number;
  sectionNames: string[];
  apply: (edit: SectionsEdit, said: string) => boolean;
  moveDocument: MoveDocument;
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

export function SectionCard({
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
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [choosingIcon, setChoosingIcon] = useState(false);
  const [dropTarget, setDropTarget] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const iconsId = useId();
  const documents = documentsOf(section);
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
      <SectionHeader
        name={name}
        icon={icon}
        sectionIndex={sectionIndex}
        count={sectionNames.length}
        headingId={headingId}
        iconsId={iconsId}
        choosingIcon={choosingIcon}
        onToggleIcons={() => setChoosingIcon((open) => !open)}
        onDelete={() => setConfirmingDelete(true)}
        apply={apply}
        onMoved={onMoved}
      />

      {choosingIcon && (
        <SectionIconPicker
          id={iconsId}
          name={name}
          icon={icon}
          sectionIndex={sectionIndex}
          onClose={() => setChoosingIcon(false)}
          apply={apply}
        />
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

/** A section's grip, icon, name (renamed in place) and its rename, move and delete buttons. */
function SectionHeader({
  name,
  icon,
  sectionIndex,
  count,
  headingId,
  iconsId,
  choosingIcon,
  onToggleIcons,
  onDelete,
  apply,
  onMoved,
}: {
  name: string;
  icon: SectionIconName;
  sectionIndex: number;
  count: number;
  headingId: string;
  iconsId: string;
  choosingIcon: boolean;
  onToggleIcons: () => void;
  onDelete: () => void;
  apply: SectionCardProps['apply'];
  onMoved: SectionCardProps['onMoved'];
}) {
  const [renaming, setRenaming] = useState(false);
  return (
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
        onClick={onToggleIcons}
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
          <IconButton label={`Delete section ${name}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
          </IconButton>
        </div>
      )}
    </div>
  );
}

/** The icons a section may show; choosing one closes the picker, as Escape does. */
function SectionIconPicker({
  id,
  name,
  icon,
  sectionIndex,
  onClose,
  apply,
}: {
  id: string;
  name: string;
  icon: SectionIconName;
  sectionIndex: number;
  onClose: () => void;
  apply: SectionCardProps['apply'];
}) {
  return (
    <fieldset
      id={id}
      className="mt-2 grid max-w-sm grid-cols-7 gap-1"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
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
            onClose();
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
  );
}
