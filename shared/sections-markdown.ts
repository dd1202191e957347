import type { Heading, Link, List, Nodes, Paragraph, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { detectFileType, type FileType } from './file-types';
import { DEFAULT_SECTION_ICON, inferSectionIcon, isSectionIcon, type SectionIcon } from './section-icons';
import { findSectionsLimitProblem, type SectionsProblem } from './sections-limits';
import { DEFAULT_COMPANY } from './sections-parse-outcomes';

/**
 * The sections markdown (docs/product-rules.md#sections-markdown), parsed with a real markdown parser so
 * escaped brackets, link titles and parentheses in URLs behave as in any markdown. The server, the
 * editor preview and the data-room views all read a room through this one module. Nothing here
 * renders HTML: titles and descriptions are plain text.
 */

export interface SectionDocument {
  title: string;
  url: string;
  /** A file uploaded to this product: its link is our /api/documents/{id}/download path. */
  isUploaded: boolean;
  /** The uploaded document's id, when isUploaded. */
  documentId: string | null;
  fileType: FileType;
  /** 1-based line of the link in the markdown, for error messages. */
  line: number;
}

export interface Section {
  /** 1..n in the order of the markdown. */
  id: number;
  name: string;
  description: string;
  icon: SectionIcon;
  documents: SectionDocument[];
  /**
   * Its 1-based lines in the markdown: from its heading to the line before the next heading of level 1
   * or 2 (or the end), so that a reader's copy can leave out a section hidden from their group (ADR 68).
   */
  lines: { start: number; end: number };
}

export type CompanyField = 'name' | 'stage' | 'description';

/** A `key: value` line of the Company Information block, as written (its value may be empty). */
export interface CompanyFieldLine {
  field: CompanyField;
  value: string;
  line: number;
}

export interface ParsedSections {
  company: { name: string; stage: string; description: string };
  /**
   * The lines of the Company Information block, in order: the fields the text sets, which a save
   * writes to the room's profile (ADR 38). Empty when the text has no such block.
   */
  companyFields: CompanyFieldLine[];
  sections: Section[];
  /** Links that may not be saved: not http(s), or relative but not one of our uploads. */
  problems: SectionsProblem[];
}

const DOWNLOAD_PATH =
  /^\/api\/documents\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/download$/i;
export const ICON_SUFFIX = /\s*\{icon=([a-z-]+)\}\s*$/i;

export { uploadedDocumentPath } from './document-links';
export { findSectionsLimitProblem, SECTIONS_LIMITS, type SectionsProblem } from './sections-limits';
export {
  DEFAULT_COMPANY,
  SECTIONS_TOO_COMPLEX_MESSAGE,
  sectionsParseTimeoutMessage,
} from './sections-parse-outcomes';

/**
 * Every node under `root` (itself included) in document order, without recursion: however deeply
 * a text nests, walking it never overflows the stack.
 */
export function* walk(root: Nodes): Generator<Nodes> {
  const pending: Nodes[] = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    yield node;
    if ('children' in node) {
      const children = node.children as Nodes[];
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index] as Nodes);
    }
  }
}

/** Plain text of a node: the literal characters of text and inline code, without markup. */
export function textOf(node: Nodes): string {
  let text = '';
  for (const part of walk(node)) {
    if ('value' in part && typeof part.value === 'string' && part.type !== 'html') text += part.value;
    else if (part.type === 'break') text += '\n';
  }
  return text;
}

const lineOf = (node: Nodes) => node.position?.start.line ?? 0;

/** The uploaded document a link points at, or null (an external link, or one that may not be saved). */
export function linkedDocumentId(url: string, options: { appOrigin?: string } = {}): string | null {
  const link = classifyLink(url, options.appOrigin);
  return link.kind === 'uploaded' ? link.documentId : null;
}

/** Whether a document link may be saved: our upload, or an http(s) address. */
export function isSavableDocumentLink(url: string, options: { appOrigin?: string } = {}): boolean {
  return classifyLink(url, options.appOrigin).kind !== 'refused';
}

/**
 * Classifies a document link. `appOrigin` (e.g. https://rooms.example.com) also recognises our
 * download path written as an absolute URL.
 */
function classifyLink(
  url: string,
  appOrigin: string | undefined,
): { kind: 'uploaded'; documentId: string } | { kind: 'external' } | { kind: 'refused'; reason: string } {
  const trimmed = url.trim();
  const relative = DOWNLOAD_PATH.exec(trimmed);
  if (relative?.[1]) return { kind: 'uploaded', documentId: relative[1].toLowerCase() };
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return { kind: 'refused', reason: 'is not a full web address (it must start with https:// or http://)' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return {
      kind: 'refused',
      reason: `uses "${parsed.protocol}", but only http and https links are allowed`,
    };
  }
  if (appOrigin && parsed.origin === appOrigin) {
    // With a query or a fragment it is still that document: it must be one of the room's own.
    const absolute = DOWNLOAD_PATH.exec(parsed.pathname);
    if (absolute?.[1]) return { kind: 'uploaded', documentId: absolute[1].toLowerCase() };
  }
  return { kind: 'external' };
}

const COMPANY_FIELD_LINE = /^\s*(name|stage|description)\s*:\s*(.*?)\s*$/i;

function companyFieldLinesOf(paragraphs: Paragraph[]): CompanyFieldLine[] {
  const fields: CompanyFieldLine[] = [];
  for (const paragraph of paragraphs) {
    textOf(paragraph)
      .split('\n')
      .forEach((text, index) => {
        const match = COMPANY_FIELD_LINE.exec(text);
        if (!match?.[1]) return;
        const field = match[1].toLowerCase() as CompanyField;
        fields.push({ field, value: match[2] ?? '', line: lineOf(paragraph) + index });
      });
  }
  return fields;
}

function companyOfFields(fields: CompanyFieldLine[]): ParsedSections['company'] {
  const company: ParsedSections['company'] = { ...DEFAULT_COMPANY };
  for (const { field, value } of fields) if (value) company[field] = value;
  return company;
}

function documentsOf(
  list: List,
  appOrigin: string | undefined,
  problems: SectionsProblem[],
  checked: WeakSet<Nodes>,
): SectionDocument[] {
  const documents: SectionDocument[] = [];
  for (const item of list.children) {
    const paragraph = item.children.find((child): child is Paragraph => child.type === 'paragraph');
    const link = paragraph?.children.find((child) => child.type === 'link');
    if (link?.type !== 'link') continue;
    checked.add(link);
    const title = textOf(link).trim() || link.url;
    const line = lineOf(link);
    const kind = classifyLink(link.url, appOrigin);
    if (kind.kind === 'refused') {
      problems.push({ line, message: `Line ${line}: the link of "${title}" ${kind.reason}.` });
      continue;
    }
    documents.push({
      title,
      url: link.url,
      isUploaded: kind.kind === 'uploaded',
      documentId: kind.kind === 'uploaded' ? kind.documentId : null,
      fileType: detectFileType(link.url, title),
      line,
    });
  }
  return documents;
}

/**
 * Every link (and image, and reference definition) under `root` that is not in `checked` must still
 * be http(s): nothing else is ever saved. Exported for its test on a tree deeper than any stack.
 */
export function findStrayLinkProblems(
  root: Nodes,
  appOrigin: string | undefined,
  checked: WeakSet<Nodes> = new WeakSet(),
): SectionsProblem[] {
  const problems: SectionsProblem[] = [];
  for (const node of walk(root)) {
    if ((node.type === 'link' || node.type === 'definition' || node.type === 'image') && !checked.has(node)) {
      const kind = classifyLink(node.url, appOrigin);
      if (kind.kind === 'refused') {
        const line = lineOf(node);
        problems.push({ line, message: `Line ${line}: a link ${kind.reason}.` });
      }
    }
  }
  return problems;
}

export function parseSectionsMarkdown(
  markdown: string,
  options: { appOrigin?: string } = {},
): ParsedSections {
  const limitProblem = findSectionsLimitProblem(markdown);
  if (limitProblem)
    return { company: { ...DEFAULT_COMPANY }, companyFields: [], sections: [], problems: [limitProblem] };
  const tree: Root = fromMarkdown(markdown);
  const problems: SectionsProblem[] = [];
  const checked = new WeakSet<Nodes>();
  const sections: Section[] = [];
  const companyParagraphs: Paragraph[] = [];
  let current: Section | null = null;
  let currentHasDescription = false;
  let inCompanyBlock = false;

  for (const node of tree.children as RootContent[]) {
    // Documents are read from lists below; every other link is only checked (after the loop), never used.
    if (current && node.type === 'list') {
      current.documents.push(...documentsOf(node, options.appOrigin, problems, checked));
    }

    if (node.type === 'heading') {
      const heading = node as Heading;
      const text = textOf(heading).trim();
      if (heading.depth <= 2 && current) current.lines.end = (heading.position?.start.line ?? 1) - 1;
      if (/company information/i.test(text) && heading.depth <= 2) {
        inCompanyBlock = true;
        current = null;
        continue;
      }
      if (heading.depth === 2) {
        inCompanyBlock = false;
        const explicit = ICON_SUFFIX.exec(text)?.[1]?.toLowerCase();
        const name = text.replace(ICON_SUFFIX, '').trim() || `Section ${sections.length + 1}`;
        current = {
          id: sections.length + 1,
          name,
          description: derivedSectionDescription(name),
          icon: explicit
            ? isSectionIcon(explicit)
              ? explicit
              : DEFAULT_SECTION_ICON
            : inferSectionIcon(name),
          documents: [],
          lines: { start: heading.position?.start.line ?? 1, end: lineCountOf(markdown) },
        };
        currentHasDescription = false;
        sections.push(current);
        continue;
      }
      if (heading.depth === 1) {
        inCompanyBlock = false;
        current = null;
      }
      continue;
    }
    if (inCompanyBlock && node.type === 'paragraph') {
      companyParagraphs.push(node);
    } else if (current && !currentHasDescription && node.type === 'paragraph') {
      const text = textOf(node).replace(/\s+/g, ' ').trim();
      if (text) {
        current.description = text;
        currentHasDescription = true;
      }
    }
  }

  problems.push(...findStrayLinkProblems(tree, options.appOrigin, checked));
  problems.sort((a, b) => a.line - b.line);
  const companyFields = companyFieldLinesOf(companyParagraphs);
  return { company: companyOfFields(companyFields), companyFields, sections, problems };
}

/** What a new room starts with: a valid file that shows every feature of the format. */
export function starterSectionsMarkdown(company: CompanyInformation): string {
  return `${companyBlockOf(company)}
## Financial information
Revenue, projections and the cap table.

## Legal documents {icon=gavel}

## Team & organization
`;
}

/** Link text that stays literal in markdown: brackets and backslashes escaped, line breaks removed. */
function escapeLinkText(title: string): string {
  return title.replace(/[\r\n]+/g, ' ').replace(/[\\[\]]/g, (char) => `\\${char}`);
}

/** The description a section has when the founder wrote none (docs/product-rules.md#sections-markdown). */
export function derivedSectionDescription(name: string): string {
  return `${name} documentation and files`;
}

/**
 * The description the founder wrote under a section's heading, or null: the derived one stays in the
 * API (the spec's value), but a card shows no words nobody wrote.
 */
export function writtenSectionDescription(section: { name: string; description: string }): string | null {
  return section.description === derivedSectionDescription(section.name) ? null : section.description;
}

/**
 * Adds `- [title](url)` at the end of the section named `sectionName` (compared without case), or
 * in a new section at the end when there is none. Everything else in the markdown is kept as written.
 */
export function addDocumentToSection(
  markdown: string,
  sectionName: string,
  title: string,
  url: string,
): string {
  return addDocumentsToSection(markdown, sectionName, [{ title, url }]);
}

/**
 * addDocumentToSection for several links at once, in their order, with one parse of the text (an
 * unpacked zip adds hundreds: docs/decisions/0070-folders-and-zips.md).
 */
export function addDocumentsToSection(
  markdown: string,
  sectionName: string,
  links: readonly { title: string; url: string }[],
): string {
  const items = links.map(({ title, url }) => `- [${escapeLinkText(title)}](${url})`);
  const tree = fromMarkdown(markdown);
  const lines = markdown.split('\n');
  const wanted = sectionName.trim().toLowerCase();
  const headings = (tree.children as RootContent[]).filter(
    (node): node is Heading => node.type === 'heading',
  );
  const index = headings.findIndex(
    (heading) =>
      heading.depth === 2 && textOf(heading).replace(ICON_SUFFIX, '').trim().toLowerCase() === wanted,
  );
  const heading = headings[index];
  if (!heading) {
    const body = markdown.replace(/\s*$/, '');
    return `${body}${body ? '\n\n' : ''}## ${sectionName.trim()}\n${items.join('\n')}\n`;
  }
  // The section runs to the next heading of depth 1 or 2, or to the end.
  const next = headings.slice(index + 1).find((other) => other.depth <= 2);
  let end = next ? lineOf(next) - 1 : lines.length; // 1-based line after the section, exclusive
  while (end > lineOf(heading) && (lines[end - 1] ?? '').trim() === '') end--;
  lines.splice(end, 0, ...items);
  return lines.join('\n');
}

/**
 * A document's title as link text that reads back as exactly that title: line breaks become spaces and
 * every character markdown would take as markup is escaped, so a title such as `*Deck* <b>` is shown
 * as written (investors see the link's text: titleInRoom).
 */
export function documentLinkText(title: string): string {
  return title.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\\`*_[\]<>&~!]/g, (char) => `\\${char}`);
}

/** Where the text of a link (between its brackets) starts and ends in the markdown. */
export function linkTextRange(link: Link): { start: number; end: number } | null {
  const start = link.position?.start.offset;
  if (start === undefined) return null;
  const first = link.children[0]?.position?.start.offset;
  const last = link.children.at(-1)?.position?.end.offset;
  return first === undefined || last === undefined
    ? { start: start + 1, end: start + 1 }
    : { start: first, end: last };
}

/**
 * Gives every link to the uploaded document `documentId` the text `title` (the document was renamed),
 * however the link is written; everything else is kept byte for byte. The link's text is what investors
 * read, so it follows the document's title (docs/decisions/0059-structured-sections-editor.md).
 */
export function renameDocumentLinks(
  markdown: string,
  documentId: string,
  title: string,
  options: { appOrigin?: string } = {},
): string {
  const tree = fromMarkdown(markdown);
  const ranges: { start: number; end: number }[] = [];
  for (const node of walk(tree)) {
    if (node.type !== 'link') continue;
    const link = classifyLink(node.url, options.appOrigin);
    if (link.kind !== 'uploaded' || link.documentId !== documentId.toLowerCase()) continue;
    // An autolink (<https://…>) has no text apart from its address: it stays as written.
    const range = linkTextRange(node);
    if (range && markdown[range.start - 1] === '[') ranges.push(range);
  }
  const text = documentLinkText(title);
  let renamed = markdown;
  // From the end, so that each range's offsets still hold when it is replaced.
  for (const { start, end } of ranges.sort((a, b) => b.start - a.start)) {
    renamed = `${renamed.slice(0, start)}${text}${renamed.slice(end)}`;
  }
  return renamed;
}

/**
 * Removes every list item that links to the uploaded document `documentId` (it was deleted), however
 * the link is written: our relative download path, or an absolute link to `appOrigin`. A link left
 * behind would make the next save refuse the markdown.
 */
export function removeDocumentLinks(
  markdown: string,
  documentId: string,
  options: { appOrigin?: string } = {},
): string {
  const tree = fromMarkdown(markdown);
  const drop = new Set<number>();
  const linksToDocument = (url: string) => {
    const link = classifyLink(url, options.appOrigin);
    return link.kind === 'uploaded' && link.documentId === documentId.toLowerCase();
  };
  for (const node of walk(tree)) {
    if (node.type !== 'listItem') continue;
    const paragraph = node.children.find((child): child is Paragraph => child.type === 'paragraph');
    const link = paragraph?.children.find((child) => child.type === 'link');
    if (link?.type === 'link' && linksToDocument(link.url) && node.position) {
      for (let line = node.position.start.line; line <= node.position.end.line; line++) drop.add(line);
    }
  }
  return markdown
    .split('\n')
    .filter((_, index) => !drop.has(index + 1))
    .join('\n');
}

/** The company's fields as the Company Information block holds them. */
export interface CompanyInformation {
  name: string;
  stage: string;
  description: string;
}

/**
 * A field's value as one line of the block that parses back to exactly `value`: line breaks become
 * spaces (a field is one line), and the characters markdown would read as markup are escaped.
 */
function companyFieldText(value: string): string {
  return value
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>&~!]/g, (char) => `\\${char}`);
}

function companyFieldLine(field: CompanyField, value: string): string {
  const text = companyFieldText(value);
  return text ? `${field}: ${text}` : `${field}:`;
}

function companyBlockOf(company: CompanyInformation): string {
  const fields = (['name', 'stage', 'description'] as const).map((field) =>
    companyFieldLine(field, company[field]),
  );
  return `# Company Information\n${fields.join('\n')}\n`;
}

/**
 * Sets the name, stage and description of the text's Company Information block (a company profile
 * save, ADR 38): each field's line is rewritten in place, a missing one is added after
 * the block's last field (or under its heading), and a text without the block gets one at the top.
 * Every other line is kept byte for byte.
 */
export function setCompanyInformation(markdown: string, company: CompanyInformation): string {
  const tree = fromMarkdown(markdown);
  const children = tree.children as RootContent[];
  const headingIndex = children.findIndex(
    (node) => node.type === 'heading' && node.depth <= 2 && /company information/i.test(textOf(node).trim()),
  );
  const heading = children[headingIndex];
  if (!heading) {
    const rest = markdown.replace(/^(\s*\n)+/, '');
    return `${companyBlockOf(company)}${rest ? `\n${rest}` : ''}`;
  }
  const blockEnd = children.slice(headingIndex + 1).findIndex((node) => node.type === 'heading');
  const paragraphs = children
    .slice(headingIndex + 1, blockEnd === -1 ? undefined : headingIndex + 1 + blockEnd)
    .filter((node): node is Paragraph => node.type === 'paragraph');
  const lines = markdown.split('\n');
  const written = new Set<CompanyField>();
  let lastFieldLine = heading.position?.end.line ?? 0; // 1-based
  for (const paragraph of paragraphs) {
    const end = paragraph.position?.end.line ?? lineOf(paragraph);
    for (let line = lineOf(paragraph); line <= end; line++) {
      const field = COMPANY_FIELD_LINE.exec(lines[line - 1] ?? '')?.[1]?.toLowerCase() as
        | CompanyField
        | undefined;
      if (!field) continue;
      const carriageReturn = (lines[line - 1] ?? '').endsWith('\r') ? '\r' : '';
      lines[line - 1] = `${companyFieldLine(field, company[field])}${carriageReturn}`;
      written.add(field);
      lastFieldLine = line;
    }
  }
  const missing = (['name', 'stage', 'description'] as const)
    .filter((field) => !written.has(field))
    .map((field) => companyFieldLine(field, company[field]));
  lines.splice(lastFieldLine, 0, ...missing);
  return lines.join('\n');
}

function lineCountOf(markdown: string): number {
  return markdown.split(/\r\n|\r|\n/).length;
}

/**
 * How a section is named where its visibility is kept (docs/decisions/0068-investor-groups.md): its name
 * with runs of spaces made one and in lower case, so that a change of case or spacing keeps it.
 */
export function sectionKeyOf(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The sections a save renamed in place, old key to new: the same number of sections, and every place
 * whose name changed holds a name the text did not have (a section moved, added or removed is no rename).
 */
export function sectionsRenamedInPlace(
  before: readonly { name: string }[],
  after: readonly { name: string }[],
): Map<string, string> {
  const renames = new Map<string, string>();
  if (before.length !== after.length) return renames;
  const keysBefore = new Set(before.map((section) => sectionKeyOf(section.name)));
  for (const [index, section] of before.entries()) {
    const from = sectionKeyOf(section.name);
    const to = sectionKeyOf(after[index]?.name ?? '');
    if (from === to) continue;
    if (keysBefore.has(to)) return new Map();
    renames.set(from, to);
  }
  return renames;
}

/**
 * The markdown without the given sections (each from its heading to the next heading of level 1 or 2):
 * a reader's copy, with the sections their group may not see left out as if never written (ADR 68).
 */
export function withoutSections(markdown: string, hidden: readonly Section[]): string {
  if (hidden.length === 0) return markdown;
  const lines = markdown.split(/(?<=\r\n|\r(?!\n)|\n)/);
  const dropped = new Set<number>();
  for (const section of hidden) {
    for (let line = section.lines.start; line <= section.lines.end; line++) dropped.add(line);
  }
  return lines.filter((_line, index) => !dropped.has(index + 1)).join('');
}
