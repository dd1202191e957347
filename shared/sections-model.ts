import type { Heading, List, Paragraph, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { isSectionIcon, NEW_SECTION_ICON, type SectionIcon } from './section-icons';
import {
  documentLinkText,
  findSectionsLimitProblem,
  ICON_SUFFIX,
  isSavableDocumentLink,
  linkTextRange,
  textOf,
} from './sections-markdown';

/**
 * The sections markdown as blocks the structured editor rearranges (ADR 59): the text before the first
 * section, then each section's heading, its documents (the top-level list items the parser reads as
 * documents) and the text between them, each block holding the exact characters it came from. So
 * serializing a parsed text gives back every byte the founder wrote, and an edit rewrites only what it
 * changes: a renamed section's heading line, a renamed document's link text, a moved item's lines.
 */

/** A list item the parser reads as a document: its source lines, with their line endings. */
export interface DocumentBlock {
  kind: 'document';
  source: string;
  /** The link's text as the room shows it (parseSectionsMarkdown's title). */
  title: string;
  url: string;
}

/** Anything else in a section before its tail: descriptions, other lists, quotes, blank lines. */
export interface TextBlock {
  kind: 'text';
  source: string;
}

export type SectionBlock = DocumentBlock | TextBlock;

export interface SectionModel {
  /** The heading's lines (an ATX line, or a setext heading's two). */
  heading: string;
  /** As parseSectionsMarkdown names the section. */
  name: string;
  /** The explicit `{icon=...}` of the heading, as written, or null (the icon is inferred from the name). */
  icon: string | null;
  blocks: SectionBlock[];
  /**
   * From a `#` heading (or a Company Information heading) inside the section to the next section: text
   * the parser reads as no section's, kept with the section before it.
   */
  tail: string;
}

export interface SectionsModel {
  /** Everything before the first section: the Company Information block, a `#` title, notes. */
  preamble: string;
  sections: SectionModel[];
}

export type SectionsModelResult = { ok: true; model: SectionsModel } | { ok: false; message: string };

const LINE_END = /\r\n|\n|\r/y;

/** The offset where the line holding `offset` starts. */
function lineStart(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  return start;
}

/** The offset just after the line ending of the line holding `offset` (or the text's end). */
function nextLineStart(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && text[at] !== '\n' && text[at] !== '\r') at++;
  LINE_END.lastIndex = at;
  const ending = LINE_END.exec(text);
  return ending ? at + ending[0].length : at;
}

const startOf = (node: RootContent) => node.position?.start.offset ?? 0;
const endOf = (node: RootContent) => node.position?.end.offset ?? 0;

function isCompanyHeading(heading: Heading): boolean {
  return heading.depth <= 2 && /company information/i.test(textOf(heading).trim());
}

function isSectionHeading(node: RootContent): node is Heading {
  return node.type === 'heading' && node.depth === 2 && !isCompanyHeading(node);
}

/** A section's name and explicit icon, as parseSectionsMarkdown reads its heading. */
function headingParts(heading: Heading, position: number): { name: string; icon: string | null } {
  const text = textOf(heading).trim();
  const icon = ICON_SUFFIX.exec(text)?.[1] ?? null;
  return { name: text.replace(ICON_SUFFIX, '').trim() || `Section ${position}`, icon };
}

/** The document a top-level list item links, as parseSectionsMarkdown reads it, or null. */
function documentOf(item: List['children'][number]): { title: string; url: string } | null {
  const paragraph = item.children.find((child): child is Paragraph => child.type === 'paragraph');
  const link = paragraph?.children.find((child) => child.type === 'link');
  if (link?.type !== 'link' || !isSavableDocumentLink(link.url)) return null;
  return { title: textOf(link).trim() || link.url, url: link.url };
}

/** Joins neighbouring text blocks and drops empty ones: the one way a parse splits a section. */
function normalized(blocks: SectionBlock[]): SectionBlock[] {
  const result: SectionBlock[] = [];
  for (const block of blocks) {
    const last = result.at(-1);
    if (block.kind === 'text' && block.source === '') continue;
    if (block.kind === 'text' && last?.kind === 'text')
      result[result.length - 1] = { kind: 'text', source: last.source + block.source };
    else result.push(block);
  }
  return result;
}

/**
 * Reads the text into blocks, or says why the structured editor cannot (the text breaks the parser's
 * limits: it must be fixed as markdown).
 */
export function parseSectionsModel(markdown: string): SectionsModelResult {
  const problem = findSectionsLimitProblem(markdown);
  if (problem) return { ok: false, message: problem.message };
  const nodes = fromMarkdown(markdown).children as RootContent[];
  const sectionStarts = nodes.flatMap((node, index) => (isSectionHeading(node) ? [index] : []));
  const firstStart = sectionStarts[0];
  const preambleEnd =
    firstStart === undefined
      ? markdown.length
      : lineStart(markdown, startOf(nodes[firstStart] as RootContent));
  const sections = sectionStarts.map((nodeIndex, position): SectionModel => {
    const heading = nodes[nodeIndex] as Heading;
    const nextIndex = sectionStarts[position + 1];
    const end =
      nextIndex === undefined
        ? markdown.length
        : lineStart(markdown, startOf(nodes[nextIndex] as RootContent));
    const headingEnd = nextLineStart(markdown, Math.max(startOf(heading), endOf(heading) - 1));
    const members = nodes.slice(nodeIndex + 1, nextIndex);
    const tailIndex = members.findIndex(
      (node) => node.type === 'heading' && (node.depth === 1 || isCompanyHeading(node)),
    );
    const tailNode = tailIndex === -1 ? undefined : members[tailIndex];
    const bodyEnd = tailNode ? lineStart(markdown, startOf(tailNode)) : end;
    const blocks: SectionBlock[] = [];
    let at = headingEnd;
    for (const node of tailIndex === -1 ? members : members.slice(0, tailIndex)) {
      if (node.type !== 'list') continue;
      for (const item of node.children) {
        const document = documentOf(item);
        if (!document || !item.position) continue;
        const itemStart = lineStart(markdown, item.position.start.offset ?? 0);
        const itemEnd = nextLineStart(markdown, Math.max(itemStart, (item.position.end.offset ?? 0) - 1));
        blocks.push({ kind: 'text', source: markdown.slice(at, itemStart) });
        blocks.push({ kind: 'document', source: markdown.slice(itemStart, itemEnd), ...document });
        at = itemEnd;
      }
    }
    blocks.push({ kind: 'text', source: markdown.slice(at, bodyEnd) });
    return {
      heading: markdown.slice(lineStart(markdown, startOf(heading)), headingEnd),
      ...headingParts(heading, position + 1),
      blocks: normalized(blocks),
      tail: markdown.slice(bodyEnd, end),
    };
  });
  return { ok: true, model: { preamble: markdown.slice(0, preambleEnd), sections } };
}

export function serializeSectionsModel(model: SectionsModel): string {
  let text = model.preamble;
  for (const section of model.sections) {
    text += section.heading;
    for (const block of section.blocks) text += block.source;
    text += section.tail;
  }
  return text;
}

/** What the structured editor does to the text: each is one founder's action. */
export type SectionsEdit =
  | { kind: 'addSection'; name: string }
  | { kind: 'renameSection'; section: number; name: string }
  | { kind: 'moveSection'; from: number; to: number }
  | { kind: 'deleteSection'; section: number }
  /** `index` is the document's place among the target section's documents once moved. */
  | { kind: 'moveDocument'; from: { section: number; index: number }; to: { section: number; index: number } }
  | { kind: 'renameDocument'; section: number; index: number; title: string }
  /** Links a document no section holds (an upload with no section) at `to.index` of the section. */
  | { kind: 'placeDocument'; title: string; url: string; to: { section: number; index: number } }
  /** Takes a document's line out of its section (an upload stays in the founder's files). */
  | { kind: 'unplaceDocument'; section: number; index: number }
  | { kind: 'setSectionIcon'; section: number; icon: SectionIcon };

/** Heading text that reads back as exactly `name`: markup and closing #s escaped. */
function headingText(name: string): string {
  return name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>&~!#{]/g, (char) => `\\${char}`);
}

/** Why a section may not be named so, or null. */
function sectionNameProblem(name: string): string | null {
  if (!headingText(name)) return 'A section needs a name.';
  // The parser reads a trailing {icon=...} as the icon, escaped or not.
  if (ICON_SUFFIX.test(name)) return 'A section name cannot end with {icon=…}.';
  return null;
}

/** The line ending a heading has, or the text's own where it ends the text without one. */
function headingLineEnding(heading: string, lineEnding: string): string {
  if (/\r\n$/.test(heading)) return '\r\n';
  return /[\n\r]$/.test(heading) ? heading.slice(-1) : lineEnding;
}

function headingLine(name: string, icon: string | null, lineEnding: string): string {
  return `## ${headingText(name)}${icon ? ` {icon=${icon}}` : ''}${lineEnding}`;
}

/** The line ending the text mostly uses, for the lines an edit writes. */
function lineEndingOf(model: SectionsModel): string {
  return /\r\n/.test(serializeSectionsModel(model)) ? '\r\n' : '\n';
}

const endsWithLineEnding = (text: string) => text === '' || /[\n\r]$/.test(text);

/** The places of a section's documents among its blocks. */
function documentPlaces(section: SectionModel): number[] {
  return section.blocks.flatMap((block, index) => (block.kind === 'document' ? [index] : []));
}

/** The section with its last line ended (the heading, a block or the tail may end the text without one). */
function withLastLineEnded(section: SectionModel, lineEnding: string): SectionModel {
  if (section.tail !== '') {
    return endsWithLineEnding(section.tail) ? section : { ...section, tail: section.tail + lineEnding };
  }
  const last = section.blocks.at(-1);
  if (!last) {
    return endsWithLineEnding(section.heading)
      ? section
      : { ...section, heading: section.heading + lineEnding };
  }
  if (endsWithLineEnding(last.source)) return section;
  return {
    ...section,
    blocks: [...section.blocks.slice(0, -1), { ...last, source: last.source + lineEnding }],
  };
}

/** The section with blank lines added at its end (in its tail, or as text after its last block). */
function withBlankLines(section: SectionModel, blank: string): SectionModel {
  if (blank === '') return section;
  if (section.tail !== '') return { ...section, tail: section.tail + blank };
  return { ...section, blocks: normalized([...section.blocks, { kind: 'text', source: blank }]) };
}

const BLANK_LINE_AT_END = /(\r\n|\n|\r)[ \t]*(\r\n|\n|\r)$/;

/**
 * Makes the model's text end with a line ending and a blank line, so a section added after it starts a
 * line of its own (whatever the last block was).
 */
function withBlankLineAtEnd(model: SectionsModel, lineEnding: string): SectionsModel {
  const text = serializeSectionsModel(model);
  if (text === '' || BLANK_LINE_AT_END.test(text)) return model;
  const last = model.sections.at(-1);
  if (!last) {
    const preamble = endsWithLineEnding(model.preamble) ? model.preamble : model.preamble + lineEnding;
    return { ...model, preamble: preamble + lineEnding };
  }
  const updated = withBlankLines(withLastLineEnded(last, lineEnding), lineEnding);
  return { ...model, sections: [...model.sections.slice(0, -1), updated] };
}

/** Splits a text block into what it says and the blank lines that end it. */
function splitTrailingBlankLines(text: string): { kept: string; trailing: string } {
  const lastVisible = text.search(/\S\s*$/);
  if (lastVisible === -1) return { kept: '', trailing: text };
  const end = nextLineStart(text, lastVisible);
  return { kept: text.slice(0, end), trailing: text.slice(end) };
}

function applyUnchecked(model: SectionsModel, edit: SectionsEdit): SectionsModel | string {
  const lineEnding = lineEndingOf(model);
  const sections = [...model.sections];
  const sectionAt = (index: number) => sections[index];
  switch (edit.kind) {
    case 'addSection': {
      const problem = sectionNameProblem(edit.name);
      if (problem) return problem;
      const base = withBlankLineAtEnd(model, lineEnding);
      return {
        ...base,
        sections: [
          ...base.sections,
          {
            // A neutral icon the founder can change, rather than one guessed from the name.
            heading: headingLine(edit.name, NEW_SECTION_ICON, lineEnding),
            name: edit.name.replace(/\s+/g, ' ').trim(),
            icon: NEW_SECTION_ICON,
            blocks: [],
            tail: '',
          },
        ],
      };
    }
    case 'renameSection': {
      const section = sectionAt(edit.section);
      if (!section) return 'That section is not in the text any more.';
      const problem = sectionNameProblem(edit.name);
      if (problem) return problem;
      const ending = headingLineEnding(section.heading, lineEnding);
      sections[edit.section] = {
        ...section,
        heading: headingLine(edit.name, section.icon, ending),
        name: edit.name.replace(/\s+/g, ' ').trim(),
      };
      return { ...model, sections };
    }
    case 'moveSection': {
      const section = sectionAt(edit.from);
      if (!section || edit.to < 0 || edit.to >= sections.length) return 'That section cannot move there.';
      sections.splice(edit.from, 1);
      sections.splice(edit.to, 0, section);
      // The section that is now last may have ended the text without a line ending: give it one, so
      // the next heading starts a line.
      const fixed = sections.map((candidate, index) =>
        index === sections.length - 1 ? candidate : withLastLineEnded(candidate, lineEnding),
      );
      return { ...model, sections: fixed };
    }
    case 'deleteSection': {
      if (!sectionAt(edit.section)) return 'That section is not in the text any more.';
      sections.splice(edit.section, 1);
      return { ...model, sections };
    }
    case 'renameDocument': {
      const section = sectionAt(edit.section);
      const place = section ? documentPlaces(section)[edit.index] : undefined;
      const block = place === undefined ? undefined : section?.blocks[place];
      if (!section || place === undefined || block?.kind !== 'document')
        return 'That document is not in the text any more.';
      const title = edit.title.replace(/\s+/g, ' ').trim();
      if (!title) return 'A document needs a title.';
      const source = renameItemLink(block.source, title);
      if (source === null) return 'That document’s link cannot be renamed here.';
      const blocks = [...section.blocks];
      blocks[place] = { ...block, source, title };
      sections[edit.section] = { ...section, blocks };
      return { ...model, sections };
    }
    case 'moveDocument': {
      const from = sectionAt(edit.from.section);
      const fromPlace = from ? documentPlaces(from)[edit.from.index] : undefined;
      const moved = fromPlace === undefined ? undefined : from?.blocks[fromPlace];
      if (!from || fromPlace === undefined || moved?.kind !== 'document')
        return 'That document is not in the text any more.';
      const withoutBlocks = [...from.blocks];
      withoutBlocks.splice(fromPlace, 1);
      sections[edit.from.section] = { ...from, blocks: normalized(withoutBlocks) };
      return withDocumentAt({ ...model, sections }, edit.to, moved, lineEnding);
    }
    case 'placeDocument': {
      const title = edit.title.replace(/\s+/g, ' ').trim();
      if (!title) return 'A document needs a title.';
      if (!isSavableDocumentLink(edit.url)) return 'That link cannot be placed in a section.';
      const item: DocumentBlock = {
        kind: 'document',
        source: `- [${documentLinkText(title)}](${edit.url})${lineEnding}`,
        title,
        url: edit.url,
      };
      return withDocumentAt(model, edit.to, item, lineEnding);
    }
    case 'unplaceDocument': {
      const section = sectionAt(edit.section);
      const place = section ? documentPlaces(section)[edit.index] : undefined;
      if (!section || place === undefined) return 'That document is not in the text any more.';
      const blocks = [...section.blocks];
      blocks.splice(place, 1);
      sections[edit.section] = { ...section, blocks: normalized(blocks) };
      return { ...model, sections };
    }
    case 'setSectionIcon': {
      const section = sectionAt(edit.section);
      if (!section) return 'That section is not in the text any more.';
      if (!isSectionIcon(edit.icon)) return 'That icon is not one a section can have.';
      const ending = headingLineEnding(section.heading, lineEnding);
      sections[edit.section] = {
        ...section,
        heading: headingLine(section.name, edit.icon, ending),
        icon: edit.icon,
      };
      return { ...model, sections };
    }
  }
}

/**
 * The model with a document item put among a section's documents at `to.index`: before the document
 * now there, after the last one, or (the section's first) after its description as a list of its own.
 */
function withDocumentAt(
  model: SectionsModel,
  to: { section: number; index: number },
  document: DocumentBlock,
  lineEnding: string,
): SectionsModel | string {
  const sections = [...model.sections];
  const target = sections[to.section];
  if (!target) return 'That section is not in the text any more.';
  const places = documentPlaces(target);
  if (to.index < 0 || to.index > places.length) return 'The document cannot move there.';
  const item: DocumentBlock = {
    ...document,
    source: endsWithLineEnding(document.source) ? document.source : document.source + lineEnding,
  };
  const blocks = [...target.blocks];
  const before = places[to.index];
  const after = places[to.index - 1];
  if (before !== undefined) blocks.splice(before, 0, item);
  else if (after !== undefined) {
    const previous = blocks[after] as DocumentBlock;
    if (!endsWithLineEnding(previous.source))
      blocks[after] = { ...previous, source: previous.source + lineEnding };
    blocks.splice(after + 1, 0, item);
  } else {
    // The section's first document: after its description, before the blank lines that end it,
    // separated from the text above by a blank line (so it is a list of its own).
    const last = blocks.at(-1);
    const { kept, trailing } = splitTrailingBlankLines(last?.kind === 'text' ? last.source : '');
    const separation =
      kept === '' || BLANK_LINE_AT_END.test(kept)
        ? ''
        : endsWithLineEnding(kept)
          ? lineEnding
          : lineEnding + lineEnding;
    if (last?.kind === 'text') blocks.pop();
    blocks.push({ kind: 'text', source: kept + separation }, item, { kind: 'text', source: trailing });
    const heading = endsWithLineEnding(target.heading) ? target.heading : target.heading + lineEnding;
    sections[to.section] = { ...target, heading, blocks: normalized(blocks) };
    return { ...model, sections };
  }
  sections[to.section] = { ...target, blocks: normalized(blocks) };
  return { ...model, sections };
}

/** A document item's source with its link's text set to `title` (the item is parsed on its own). */
function renameItemLink(source: string, title: string): string | null {
  const list = (fromMarkdown(source).children as RootContent[]).find(
    (node): node is List => node.type === 'list',
  );
  const paragraph = list?.children[0]?.children.find(
    (child): child is Paragraph => child.type === 'paragraph',
  );
  const link = paragraph?.children.find((child) => child.type === 'link');
  if (link?.type !== 'link') return null;
  const range = linkTextRange(link);
  if (!range || source[range.start - 1] !== '[') return null;
  return `${source.slice(0, range.start)}${documentLinkText(title)}${source.slice(range.end)}`;
}

const sameModel = (a: SectionsModel, b: SectionsModel) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies one edit, and keeps it only if the text it writes reads back as exactly the edited model
 * (parse(serialize(model)) = model): a text whose markdown would swallow the change (an unclosed code
 * fence above a moved item, say) is refused with a message, and the founder edits it as markdown.
 */
export function applySectionsEdit(model: SectionsModel, edit: SectionsEdit): SectionsModelResult {
  const edited = applyUnchecked(model, edit);
  if (typeof edited === 'string') return { ok: false, message: edited };
  const reread = parseSectionsModel(serializeSectionsModel(edited));
  if (!reread.ok) return reread;
  if (!sameModel(reread.model, edited)) {
    return {
      ok: false,
      message:
        'This change would read differently in the markdown around it. Make it with "Edit as markdown".',
    };
  }
  return reread;
}
