import { type Options, stringify } from 'csv-stringify/sync';

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return, hide
 * one after them): OWASP's CSV injection list.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A formula character that would start a cell if a spreadsheet split this text on a separator the
 * file was not written with (comma, semicolon, tab) or on a line break: the character after the split,
 * past any spaces and double quotes (which a spreadsheet's import may drop from the start of a field).
 * Quoting does not protect such text: LibreOffice's and Excel's `;` imports read `"a;=1",b` as the
 * cells `"a` and `=1",b` (docs/decisions/0061-security-review-fixes.md).
 */
const FORMULA_AFTER_A_SPLIT = /([,;\t\r\n][ "]*)([=+\-@])/g;

/**
 * A text cell a spreadsheet shows as text whichever separator it splits the file on: one starting with
 * a formula trigger gets a leading apostrophe (OWASP's advice), which spreadsheets hide and which keeps
 * the value readable, and so does every formula character that a split on `,`, `;`, tab or a line
 * break would put at the start of a cell (there the apostrophe stays visible: inert beats exact).
 */
export function neutraliseFormula(value: string): string {
  const inside = value.replace(FORMULA_AFTER_A_SPLIT, "$1'$2");
  return FORMULA_TRIGGERS.has(inside.charAt(0)) ? `'${inside}` : inside;
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
