import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The separators a spreadsheet may split a CSV on, whatever the file was written with. */
export const SPREADSHEET_SEPARATORS = { comma: ',', semicolon: ';', tab: '\t' } as const;
export type SpreadsheetSeparator = keyof typeof SPREADSHEET_SEPARATORS;

/**
 * Opens CSV files as a spreadsheet does: LibreOffice Calc's CSV import, split on `separator`, with
 * `"` as the text delimiter, UTF-8, and "Evaluate formulas" on (the import option that makes a cell
 * starting with `=` a formula, as Excel does). Each file is saved as a flat OpenDocument spreadsheet
 * and the formulas its cells hold are returned, per file name: an inert file returns none.
 *
 * LibreOffice's CSV filter options are positional: separator, text delimiter, character set (76 is
 * UTF-8), first line, column formats, language, quoted field as text, detect special numbers, (three
 * export-only options), evaluate formulas
 * (https://help.libreoffice.org/latest/en-US/text/shared/guide/csv_params.html).
 */
export async function formulasAfterImport(
  files: Record<string, string>,
  separator: SpreadsheetSeparator,
): Promise<Record<string, string[]>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-csv-import-'));
  try {
    const names = Object.keys(files);
    for (const name of names) fs.writeFileSync(path.join(dir, `${name}.csv`), files[name] ?? '');
    const code = SPREADSHEET_SEPARATORS[separator].charCodeAt(0);
    await run(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${dir}/profile`,
        `--infilter=CSV:${code},34,76,1,,0,false,true,false,false,false,-1,true`,
        '--convert-to',
        'fods',
        '--outdir',
        path.join(dir, 'out'),
        ...names.map((name) => `${name}.csv`),
      ],
      { cwd: dir, timeout: 120_000 },
    );
    const formulas: Record<string, string[]> = {};
    for (const name of names) {
      const sheet = fs.readFileSync(path.join(dir, 'out', `${name}.fods`), 'utf8');
      formulas[name] = [...sheet.matchAll(/table:formula="([^"]*)"/g)].map((match) => match[1] ?? '');
    }
    return formulas;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
