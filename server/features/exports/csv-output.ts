import { type Options, stringify } from 'csv-stringify/sync';

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return, hide
 * one after them): OWASP's CSV injection list.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A text cell a spreadsheet shows as text: one starting with a formula trigger gets a leading
 * apostrophe (OWASP's advice), which spreadsheets hide and which keeps the value readable.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_TRIGGERS.has(value.charAt(0)) ? `'${value}` : value;
}

export type CsvCell = string | number | null;

/** RFC 4180: CRLF after every record, fields quoted where they need it. */
const RFC_4180: Options = { record_delimiter: '\r\n', cast: { string: neutraliseFormula } };

/**
 * Pages of rows as the text of one RFC 4180 CSV file in UTF-8 with a byte-order mark (so spreadsheet
 * programs read accents right), the header first. Each page is written by csv-stringify in one call,
 * so its rows and every string made on the way die young (ADR 42).
 */
export async function* csvText(header: string[], pages: AsyncIterable<CsvCell[][]>): AsyncGenerator<string> {
  yield stringify([header], { ...RFC_4180, bom: true });
  for await (const rows of pages) if (rows.length > 0) yield stringify(rows, RFC_4180);
}
