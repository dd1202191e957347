import { ArrowDown, ArrowUp, FileText, FolderInput, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { linkedDocumentId } from '#shared/sections-markdown';
import type { DocumentBlock, SectionsEdit } from '#shared/sections-model';
import { Button } from '#web/components/ui/button';
import { dropAttributes } from './document-drag';
import {
  DragHandle,
  focusKey,
  type HandleProps,
  IconButton,
  InlineRename,
  MoveToSectionPicker,
} from './sections-editor-controls';
import type { MoveDocument } from './sections-edits';

interface DocumentRowProps {
  document: DocumentBlock;
  sectionIndex: number;
  index: number;
  documentCount: number;
  sectionNames: string[];
  apply: (edit: SectionsEdit, said: string) => boolean;
  moveDocument: MoveDocument;
  onRenameUploaded: (documentId: string, title: string) => Promise<void>;
  onProblem: (problem: string | null) => void;
  onAnnounce: (said: string) => void;
  onUnplace: (section: number, index: number) => void;
  /** The dragged document would land just before this row, or (the last row) after it. */
  dropLineBefore: boolean;
  dropLineAfter: boolean;
  handleProps: HandleProps;
}

export function DocumentRow({
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
        <MoveToSectionPicker
          id={moveToId}
          title={title}
          sectionNames={sectionNames}
          skip={sectionIndex}
          onChoose={(target) => moveDocument(here, { section: target, index: Number.MAX_SAFE_INTEGER })}
          onClose={() => setChoosingSection(false)}
        >
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
        </MoveToSectionPicker>
      )}
    </li>
  );
}
