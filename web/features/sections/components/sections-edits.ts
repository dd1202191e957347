import { uploadedDocumentPath } from '#shared/sections-markdown';
import {
  applySectionsEdit,
  type DocumentBlock,
  type SectionModel,
  type SectionsEdit,
  type SectionsModel,
  serializeSectionsModel,
} from '#shared/sections-model';
import type { DragSource, DropTarget } from './document-drag';
import { focusKey } from './sections-editor-controls';
import type { UploadedFile } from './unplaced-tray';

/**
 * The controls to focus after a move, in order of preference (a disabled one is skipped): keyboard users
 * who pressed "Move down" keep their place on the document they moved, wherever it went.
 */
export type FocusRequest = string[];

export const documentsOf = (section: SectionModel) =>
  section.blocks.filter((block): block is DocumentBlock => block.kind === 'document');

export type MoveDocument = (
  from: { section: number; index: number },
  to: { section: number; index: number },
  control?: 'up' | 'down' | 'move',
) => void;

interface SectionsEditsInput {
  model: SectionsModel;
  /** The room's uploads no section links. */
  unplaced: readonly UploadedFile[];
  onChange: (markdown: string, said: string) => void;
  setProblem: (problem: string | null) => void;
  setAnnouncement: (said: string) => void;
  setFocusRequest: (request: FocusRequest) => void;
}

/**
 * The editor's changes to the parsed sections, each an edit of the sections markdown
 * (shared/sections-model.ts) that says what it did and where the keyboard's focus goes next.
 */
export function sectionsEdits({
  model,
  unplaced,
  onChange,
  setProblem,
  setAnnouncement,
  setFocusRequest,
}: SectionsEditsInput) {
  const sectionNames = model.sections.map((section) => section.name);

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

  const moveDocument: MoveDocument = (from, to, control = 'move') => {
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

  const drop = (source: DragSource, target: DropTarget) => {
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

  return { sectionNames, apply, placeFile, unplace, moveDocument, drop };
}
