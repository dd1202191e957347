import { CsvError, parse } from 'csv-parse/sync';
import { HttpError } from '#server/plugins/errors';
import { MAX_BULK_INVITATION_ENTRIES } from '#shared/contracts/invitations';

/** One address of a bulk invitation as it was read, with the name a CSV or "Name <address>" gave it. */
export interface BulkEntry {
  /** The text as read, never evaluated: "=HYPERLINK(...)" stays those characters. */
  text: string;
  name: string | undefined;
}

const EMAIL_HEADER = /^e-?mail(\s+address)?$/i;
const NAME_HEADER = /^(full\s+)?name$/i;
// "Ann Lee <ann@fund.example>", as mail clients copy an address.
const NAMED_ADDRESS = /^(.*?)\s*<([^<>]*)>$/;

/**
 * Reads a bulk invitation's text with csv-parse (docs/decisions/0060-invitation-links-resend-and-bulk.md):
 * a CSV with an "email" header column (and "name", if any), or addresses pasted one per line or separated
 * by commas, semicolons, tabs or spaces, a name only as "Name <address>". Cells are text: nothing is
 * evaluated. More than
 * MAX_BULK_INVITATION_ENTRIES entries, or none, is a 400 that writes nothing.
 */
export function readBulkAddresses(text: string): BulkEntry[] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new HttpError(400, 'invalid_request', `addresses: could not be read as CSV (${error.message})`, {
      field: 'addresses',
    });
  }
  const entries = hasHeader(records) ? fromHeaderedCsv(records) : fromPastedText(records);
  if (entries.length === 0) {
    throw new HttpError(400, 'invalid_request', 'addresses: no address found', { field: 'addresses' });
  }
  if (entries.length > MAX_BULK_INVITATION_ENTRIES) {
    throw new HttpError(
      400,
      'invalid_request',
      `addresses: at most ${MAX_BULK_INVITATION_ENTRIES.toLocaleString('en-US')} addresses at once: split the list`,
      { field: 'addresses' },
    );
  }
  return entries;
}

function hasHeader(records: string[][]): boolean {
  return (records[0] ?? []).some((cell) => EMAIL_HEADER.test(cell));
}

function fromHeaderedCsv(records: string[][]): BulkEntry[] {
  const [header = [], ...rows] = records;
  const emailColumn = header.findIndex((cell) => EMAIL_HEADER.test(cell));
  const nameColumn = header.findIndex((cell) => NAME_HEADER.test(cell));
  const entries: BulkEntry[] = [];
  for (const row of rows) {
    const text = row[emailColumn] ?? '';
    // A row with an empty address cell (a trailing row of commas) is no entry.
    if (text === '') continue;
    const name = nameColumn >= 0 ? row[nameColumn] : undefined;
    entries.push({ text, name: name || undefined });
    if (entries.length > MAX_BULK_INVITATION_ENTRIES) break;
  }
  return entries;
}

/**
 * Pasted text: addresses one per line or separated by commas, semicolons, tabs or spaces, each maybe as
 * "Name <address>". Nothing else gives a name: "ana@angel.vc, not-an-email" is an address and a typo, and
 * the typo is refused by name rather than greeting Ana as "not-an-email" in every mail (ADR 60).
 */
function fromPastedText(records: string[][]): BulkEntry[] {
  const entries: BulkEntry[] = [];
  for (const row of records) {
    for (const cell of row) entries.push(...fromCell(cell));
    if (entries.length > MAX_BULK_INVITATION_ENTRIES) break;
  }
  return entries;
}

function fromCell(cell: string): BulkEntry[] {
  if (cell === '') return [];
  const named = NAMED_ADDRESS.exec(cell);
  if (named)
    return [{ text: (named[2] ?? '').trim(), name: (named[1] ?? '').replace(/^"|"$/g, '') || undefined }];
  // Words with no address among them ("Ann Lee") are refused as they were typed, not word by word.
  if (!cell.includes('@')) return [{ text: cell, name: undefined }];
  return cell
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => ({ text: word, name: undefined }));
}
