import { FileText, FolderInput, Inbox, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { type DocumentDrag, dropAttributes } from './document-drag';
import {
  DragHandle,
  focusKey,
  type HandleProps,
  IconButton,
  InlineRename,
  MoveToSectionPicker,
} from './sections-editor-controls';

/** An uploaded file of the room, as the tray lists it when no section links it. */
export interface UploadedFile {
  id: string;
  title: string;
}

/**
 * The uploads no section links (uploaded with "None for now", or taken out of a section): each can be
 * renamed, dragged into a section or placed with "Move to…". Dropping a section's upload here takes it
 * out of the section.
 */
export function UnplacedTray({
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
        <MoveToSectionPicker
          id={moveToId}
          title={title}
          sectionNames={sectionNames}
          onChoose={(target) => onPlace(file, target)}
          onClose={() => setChoosingSection(false)}
        />
      )}
    </li>
  );
}
