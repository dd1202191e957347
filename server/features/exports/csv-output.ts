import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

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

/**
 * The rows as an RFC 4180 CSV stream (CRLF, quoted where needed) in UTF-8 with a byte-order mark, so
 * spreadsheet programs read accents right. Rows are pulled from the generator only as fast as the
 * reader takes them (backpressure); when the reader goes away the generator is closed, and a failure
 * while reading rows ends the stream with that error.
 */
export function csvStream(
  header: string[],
  rows: AsyncIterable<CsvCell[]>,
  onError: (error: Error) => void,
): NodeJS.ReadableStream {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: header,
    record_delimiter: '\r\n',
    cast: { string: neutraliseFormula },
  });
  return pipeline(Readable.from(rows), stringifier, (error) => {
    if (error) onError(error);
  });
}
