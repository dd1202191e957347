import { previewObjectNames } from '#shared/contracts/previews';

/** A page's text object is named `text-<page>` (previewObjectNames.pageText). */
const PAGE_TEXT_NAME = /^text-(\d+)$/;

/**
 * Which of a preview's objects hold text the search index reads, and as which page (ADR 88): a page's
 * text (a scan's from OCR), a text file's as its one page, a table's cells as its one page.
 */
export function indexedPageOf(objectName: string): { page: number; isTable: boolean } | undefined {
  const page = PAGE_TEXT_NAME.exec(objectName)?.[1];
  if (page !== undefined) return { page: Number(page), isTable: false };
  if (objectName === previewObjectNames.text()) return { page: 1, isTable: false };
  if (objectName === previewObjectNames.table()) return { page: 1, isTable: true };
  return undefined;
}

/** The text to index of an object indexedPageOf names: a table's cells, a tab between, a row a line. */
export function indexedTextOf(content: string, isTable: boolean): string {
  if (!isTable) return content;
  const table = JSON.parse(content) as { rows: string[][] };
  return table.rows.map((row) => row.join('\t')).join('\n');
}
