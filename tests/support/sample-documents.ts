import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { cacheName, keep, readKept } from './made-once';

/**
 * Real documents made in the test, for the preview preparation: PDFs written object by object, Office
 * files converted by LibreOffice, images encoded by sharp, and the hostile files (encrypted, truncated,
 * huge page trees, zip bombs, giant image headers) each made the way an attacker would make it.
 */

/** Text inside a PDF string literal: backslashes and parentheses escaped. */
const escapePdfText = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/**
 * A valid PDF with `pages` pages of text (Helvetica), each `width` x `height` points: each page's first
 * line as a title, the others below it, and a band of colour that differs from page to page.
 */
export function writtenPdf(
  options: {
    pages?: number;
    width?: number;
    height?: number;
    declaredPages?: number;
    /** The lines of page `number` (1-based); by default "Page N of the deck". */
    lines?: (number: number) => string[];
  } = {},
): Buffer {
  const {
    pages = 3,
    width = 612,
    height = 792,
    lines = (number) => [`Page ${number} of the deck`],
  } = options;
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  // A hostile page tree may claim more pages than it has: /Count is what readers believe first.
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${options.declaredPages ?? pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  for (const [index, id] of pageIds.entries()) {
    const stream = lines(index + 1)
      .map((line, row) =>
        row === 0
          ? `BT /F1 24 Tf 56 ${Math.max(10, height - 90)} Td (${escapePdfText(line)}) Tj ET`
          : `BT /F1 14 Tf 56 ${Math.max(10, height - 110 - row * 22)} Td (${escapePdfText(line)}) Tj ET`,
      )
      .concat([`0.2 0.4 ${(index % 10) / 10} rg 40 40 ${Math.max(1, width - 80)} 24 re f`])
      .join('\n');
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  }
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body);
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  // poppler disbelieves a page count above the number of objects, so a hostile file pads its xref table.
  const size = objects.length + (options.declaredPages ?? 0);
  body += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += '0000000000 65535 f \n'.repeat(size - objects.length);
  body += `trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function inTempDir<T>(work: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-sample-'));
  try {
    return work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A scan of `pdf`: each page rasterised by pdftoppm in grey at `dpi` as a JPEG, and the JPEGs written
 * back as a PDF of images only (DCTDecode, one image filling each page at the page's size), as a
 * scanner writes one. It has no text of its own: pdftotext finds nothing on any page.
 */
export function scannedPdf(pdf: Buffer, dpi = 150): Buffer {
  return inTempDir((dir) => {
    fs.writeFileSync(path.join(dir, 'original.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-jpeg', '-r', String(dpi), 'original.pdf', 'scan'], { cwd: dir });
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', 'original.pdf'], { cwd: dir }).toString();
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/gm)].map((match) => ({
      width: Number(match[1]),
      height: Number(match[2]),
    }));
    const scans = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.jpg'))
      .sort((a, b) => Number(/(\d+)\.jpg$/.exec(a)?.[1]) - Number(/(\d+)\.jpg$/.exec(b)?.[1]))
      .map((name) => fs.readFileSync(path.join(dir, name)));
    return imagePdf(scans.map((jpeg, index) => ({ jpeg, ...(sizes[index] ?? { width: 612, height: 792 }) })));
  });
}

/** A JPEG's size in pixels and its colour components, from its first start-of-frame marker (SOF0 to SOF15, but DHT, JPG and DAC). */
function jpegSize(jpeg: Buffer): { width: number; height: number; components: number } {
  let offset = 2;
  while (offset + 9 < jpeg.length) {
    const marker = jpeg[offset + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return {
        height: jpeg.readUInt16BE(offset + 5),
        width: jpeg.readUInt16BE(offset + 7),
        components: jpeg[offset + 9] ?? 3,
      };
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error('no start-of-frame marker in the JPEG');
}

/**
 * A PDF of JPEG pages (`width` x `height` points each), written object by object as writtenPdf is.
 * pdftoppm's grey JPEGs still have three components: the colour space follows the JPEG.
 */
function imagePdf(pages: { jpeg: Buffer; width: number; height: number }[]): Buffer {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, ...parts: (Buffer | string)[]) => {
    offsets[id] = length;
    write(`${id} 0 obj\n`);
    for (const part of parts) write(part);
    write('\nendobj\n');
  };
  // Objects: 1 catalog, 2 page tree, then per page its page (3 + 3i), contents (4 + 3i) and image (5 + 3i).
  const pageIds = pages.map((_, index) => 3 + index * 3);
  write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(
    2,
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  );
  for (const [index, page] of pages.entries()) {
    const id = pageIds[index] ?? 0;
    const draw = `q ${page.width} 0 0 ${page.height} 0 0 cm /Scan Do Q`;
    const pixels = jpegSize(page.jpeg);
    object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /XObject << /Scan ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    object(id + 1, `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
    object(
      id + 2,
      `<< /Type /XObject /Subtype /Image /Width ${pixels.width} /Height ${pixels.height} /ColorSpace /${pixels.components === 1 ? 'DeviceGray' : 'DeviceRGB'} /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n`,
      page.jpeg,
      '\nendstream',
    );
  }
  const size = pageIds.length * 3 + 3;
  const xref = length;
  write(`xref\n0 ${size}\n0000000000 65535 f \n`);
  for (let id = 1; id < size; id++) write(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}

/** The same PDF encrypted with qpdf (AES-256): opening it needs the user password. */
export function encryptedPdf(): Buffer {
  return inTempDir((dir) => {
    fs.writeFileSync(path.join(dir, 'plain.pdf'), writtenPdf());
    execFileSync(
      'qpdf',
      ['--encrypt', 'user-secret', 'owner-secret', '256', '--', 'plain.pdf', 'locked.pdf'],
      {
        cwd: dir,
      },
    );
    return fs.readFileSync(path.join(dir, 'locked.pdf'));
  });
}

/**
 * An Office file converted by LibreOffice from a source it reads: HTML for Writer, CSV for Calc, a flat
 * ODP (XML) for Impress. `filter` is LibreOffice's export filter for the target format.
 */
export function officeDocument(
  source: { name: string; content: string },
  target: 'docx' | 'odt' | 'xlsx' | 'ods' | 'xls' | 'pptx',
): Buffer {
  const filters = {
    docx: 'docx:MS Word 2007 XML',
    odt: 'odt:writer8',
    xlsx: 'xlsx:Calc MS Excel 2007 XML',
    ods: 'ods:calc8',
    xls: 'xls:MS Excel 97',
    pptx: 'pptx:Impress MS PowerPoint 2007 XML',
  };
  // LibreOffice takes a second or more of CPU per file, the same for the same source (made-once.ts).
  // HTML opens in Writer/Web, whose ODT is "text-web": read as Writer's text to write a real one.
  const infilter = target === 'odt' ? ['--infilter=HTML (StarWriter)'] : [];
  const name = cacheName(`${filters[target]}\n${infilter.join()}\n${source.name}\n${source.content}`, target);
  const kept = readKept('test-office', name);
  if (kept) return kept;
  const bytes = inTempDir((dir) => {
    fs.writeFileSync(path.join(dir, source.name), source.content);
    execFileSync(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${dir}/profile`,
        ...infilter,
        '--convert-to',
        filters[target],
        '--outdir',
        dir,
        source.name,
      ],
      { cwd: dir, stdio: 'ignore', timeout: 120_000 },
    );
    return fs.readFileSync(path.join(dir, `${path.parse(source.name).name}.${target}`));
  });
  return keep('test-office', name, bytes);
}

export const htmlPages = (pages: number) =>
  `<html><body>${Array.from(
    { length: pages },
    (_, index) =>
      `<h1>Chapter ${index + 1}</h1><p style="page-break-after: always">Text of chapter ${index + 1}.</p>`,
  ).join('')}</body></html>`;

/** One sheet of a flat OpenDocument spreadsheet (flatSpreadsheet). */
export interface SampleSheet {
  name: string;
  rows: string[][];
  isHidden?: boolean;
  /** Each column's width, e.g. '8cm' (LibreOffice's default is about 2.26 cm). */
  columnWidth?: string;
  /** Empty rows before the last row of `rows` (to place a cell far down the sheet). */
  emptyRowsBeforeLast?: number;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A flat OpenDocument spreadsheet (XML), which LibreOffice converts to XLSX, ODS or XLS. */
export function flatSpreadsheet(sheets: SampleSheet[]): string {
  const cell = (text: string) =>
    /^-?\d+(\.\d+)?$/.test(text)
      ? `<table:table-cell office:value-type="float" office:value="${text}"><text:p>${text}</text:p></table:table-cell>`
      : `<table:table-cell office:value-type="string"><text:p>${escapeXml(text)}</text:p></table:table-cell>`;
  const row = (cells: string[]) => `<table:table-row>${cells.map(cell).join('')}</table:table-row>`;
  const tables = sheets.map((sheet, index) => {
    const columns = Math.max(1, ...sheet.rows.map((cells) => cells.length));
    const columnStyle = sheet.columnWidth ? ` table:style-name="column-${index}"` : '';
    const rows = sheet.rows.map(row);
    if (sheet.emptyRowsBeforeLast)
      rows.splice(
        rows.length - 1,
        0,
        `<table:table-row table:number-rows-repeated="${sheet.emptyRowsBeforeLast}"><table:table-cell/></table:table-row>`,
      );
    return (
      `<table:table table:name="${escapeXml(sheet.name)}"${sheet.isHidden ? ' table:style-name="hidden-sheet"' : ''}>` +
      `<table:table-column${columnStyle} table:number-columns-repeated="${columns}"/>${rows.join('')}</table:table>`
    );
  });
  const columnStyles = sheets
    .map((sheet, index) =>
      sheet.columnWidth
        ? `<style:style style:name="column-${index}" style:family="table-column"><style:table-column-properties style:column-width="${sheet.columnWidth}"/></style:style>`
        : '',
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles><style:style style:name="hidden-sheet" style:family="table"><style:table-properties table:display="false"/></style:style>${columnStyles}</office:automatic-styles>
<office:body><office:spreadsheet>${tables.join('')}</office:spreadsheet></office:body></office:document>`;
}

/**
 * A financial model of three visible sheets and one hidden, as a founder sends it: a summary with 26
 * columns (wider than any A4 page), a P&L of 40 rows and a cap table.
 */
export function sampleModelSheets(): SampleSheet[] {
  const months = Array.from({ length: 25 }, (_, index) => `M${index + 1}`);
  return [
    {
      name: 'Summary',
      rows: [
        ['Metric', ...months],
        ['Revenue', ...months.map((_, index) => String(100 + index * 12))],
        ['Burn', ...months.map((_, index) => String(80 + index * 3))],
      ],
    },
    {
      name: 'P&L 2027',
      rows: [
        ['Line', 'Q1', 'Q2', 'Q3', 'Q4'],
        ...Array.from({ length: 40 }, (_, index) => [`Line item ${index + 1}`, '10', '20', '30', '40']),
      ],
    },
    { name: 'Internal notes', rows: [['Not for investors']], isHidden: true },
    {
      name: 'Cap table',
      rows: [
        ['Holder', 'Shares'],
        ['Founders', '8000000'],
        ['Seed investors', '2000000'],
      ],
    },
  ];
}

/** A workbook of the sample model (sampleModelSheets) as XLSX, ODS or XLS, made by LibreOffice. */
export const sampleWorkbook = (target: 'xlsx' | 'ods' | 'xls', sheets: SampleSheet[] = sampleModelSheets()) =>
  officeDocument({ name: 'model.fods', content: flatSpreadsheet(sheets) }, target);

/**
 * An XLSX written part by part, without LibreOffice (which takes minutes to write 1,000 sheets): each
 * sheet an inline-string cell in A1 and, if given, another in row `lastRow`, and any column width.
 */
export function handWrittenXlsx(
  sheets: { name: string; lastRow?: number; columnWidth?: number; columns?: number }[],
): Buffer {
  const workbook =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
    sheets
      .map(
        (sheet, index) =>
          `<sheet name="${escapeXml(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
      )
      .join('') +
    '</sheets></workbook>';
  const relationships =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    sheets
      .map(
        (_, index) =>
          `<Relationship Id="rId${index + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
      )
      .join('') +
    '</Relationships>';
  const inline = (reference: string, text: string) =>
    `<c r="${reference}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
  const worksheet = (sheet: (typeof sheets)[number]) => {
    const columns = sheet.columns ?? 1;
    const letters = (index: number) => String.fromCharCode(65 + index);
    return (
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      (sheet.columnWidth
        ? `<cols><col min="1" max="${columns}" width="${sheet.columnWidth}" customWidth="1"/></cols>`
        : '') +
      `<sheetData><row r="1">${Array.from({ length: columns }, (_, index) => inline(`${letters(index)}1`, sheet.name)).join('')}</row>` +
      (sheet.lastRow ? `<row r="${sheet.lastRow}">${inline(`A${sheet.lastRow}`, 'last row')}</row>` : '') +
      '</sheetData></worksheet>'
    );
  };
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    sheets
      .map(
        (_, index) =>
          `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('') +
    '</Types>';
  return zipArchive([
    { name: '[Content_Types].xml', chunk: contentTypes },
    {
      name: '_rels/.rels',
      chunk:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    },
    { name: 'xl/workbook.xml', chunk: workbook },
    { name: 'xl/_rels/workbook.xml.rels', chunk: relationships },
    ...sheets.map((sheet, index) => ({
      name: `xl/worksheets/sheet${index + 1}.xml`,
      chunk: worksheet(sheet),
    })),
  ]);
}

/** A flat OpenDocument presentation with one titled slide each. */
export function flatPresentation(slides: number): string {
  const pages = Array.from(
    { length: slides },
    (_, index) =>
      `<draw:page draw:name="s${index + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>Slide ${index + 1}</text:p></draw:text-box></draw:frame></draw:page>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation>${pages}</office:presentation></office:body></office:document>`;
}

/**
 * A flat OpenDocument text whose Basic macro runs on opening and creates `markerFile`: an Office
 * file that tries to execute code. (LibreOffice reads a document by its content, whatever its name.)
 */
export function documentWithAutoRunMacro(markerFile: string): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:ooo="http://openoffice.org/2004/office" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:scripts>
  <office:script script:language="ooo:Basic">
   <ooo:libraries><ooo:library-embedded ooo:name="Standard"><ooo:module ooo:name="AutoRun"><ooo:source-code>Sub Touch
 Dim handle As Integer
 handle = FreeFile
 Open &quot;${markerFile}&quot; For Output As #handle
 Print #handle, &quot;macro ran&quot;
 Close #handle
End Sub</ooo:source-code></ooo:module></ooo:library-embedded></ooo:libraries>
  </office:script>
  <office:event-listeners>
   <script:event-listener script:language="ooo:script" script:event-name="office:load" xlink:href="vnd.sun.star.script:Standard.AutoRun.Touch?language=Basic&amp;location=document"/>
  </office:event-listeners>
 </office:scripts>
 <office:body><office:text><text:p>A document with a macro</text:p></office:text></office:body>
</office:document>
`);
}

/** One entry of a ZIP: `head`, then `chunk` repeated, then `tail`. */
interface ZipEntry {
  name: string;
  head?: string;
  chunk: string;
  repeat?: number;
  tail?: string;
}

/**
 * A ZIP archive of deflated entries (the container of DOCX, XLSX and PPTX). Each piece is deflated
 * once, ending on a sync flush, so that copies concatenate into one valid deflate stream: that is how
 * a zip bomb is made cheaply, gigabytes inflated from a few megabytes.
 */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const pieces = [
      { bytes: Buffer.from(entry.head ?? ''), repeat: 1 },
      { bytes: Buffer.from(entry.chunk), repeat: entry.repeat ?? 1 },
      { bytes: Buffer.from(entry.tail ?? ''), repeat: 1 },
    ];
    let crc = 0;
    let size = 0;
    const deflated: Buffer[] = [];
    for (const piece of pieces) {
      const block = zlib.deflateRawSync(piece.bytes, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      for (let index = 0; index < piece.repeat; index++) {
        crc = zlib.crc32(piece.bytes, crc);
        deflated.push(block);
      }
      size += piece.bytes.length * piece.repeat;
    }
    deflated.push(zlib.deflateRawSync(Buffer.alloc(0)));
    const data = Buffer.concat(deflated);
    const name = Buffer.from(entry.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    locals.push(header, name, data);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += header.length + name.length + data.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/** A DOCX whose document.xml inflates to about 1 GB of paragraphs, from a file of a few megabytes. */
export function zipBombDocx(): Buffer {
  const paragraphs = '<w:p><w:r><w:t>boom</w:t></w:r></w:p>'.repeat(28_000);
  return zipArchive([
    {
      name: '[Content_Types].xml',
      chunk:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      chunk:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      head: '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
      chunk: paragraphs,
      repeat: 1_000,
      tail: '</w:body></w:document>',
    },
  ]);
}

/** A real PNG, encoded by sharp: a flat colour, or with a caption, a gradient picture. */
export function realPng(width: number, height: number, caption?: string): Promise<Buffer> {
  if (!caption) {
    return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/>' +
    '<stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>' +
    `<text x="50%" y="50%" font-family="sans-serif" font-size="${Math.round(height / 8)}" fill="white" ` +
    `text-anchor="middle">${caption}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const DECK_TITLES = [
  'Problem',
  'Solution',
  'Market',
  'Traction',
  'Team',
  'Business model',
  'Competition',
  'The ask',
];

/** A pitch deck of `count` pages, each titled and with a few lines of text (screenshots, benches, e2e). */
export function deckPdf(count: number): Buffer {
  return writtenPdf({
    pages: count,
    lines: (number) => [
      `Slide ${number}: ${DECK_TITLES[(number - 1) % DECK_TITLES.length]}`,
      `Roundroom sample deck, page ${number} of ${count}.`,
      'Revenue grew 3.2x year over year with net retention of 128%.',
      'Every number on this page is an example.',
    ],
  });
}

/** A PPTX of `slides` titled slides, made by LibreOffice. */
export const samplePptx = (slides: number) =>
  officeDocument({ name: 'deck.fodp', content: flatPresentation(slides) }, 'pptx');

/** A DOCX of `pages` chapters, one per page, made by LibreOffice. */
export const sampleDocx = (pages: number) =>
  officeDocument({ name: 'memo.html', content: htmlPages(pages) }, 'docx');

/** The same pages as an OpenDocument text, written by LibreOffice. */
export const sampleOdt = (pages: number) =>
  officeDocument({ name: 'memo.html', content: htmlPages(pages) }, 'odt');

/** A small RTF written by hand: one paragraph per page, each after a page break. */
export const sampleRtf = (pages: number) =>
  Buffer.from(
    `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\\f0\\fs24 ${Array.from(
      { length: pages },
      (_, index) => `Chapter ${index + 1}. Text of chapter ${index + 1}.\\par`,
    ).join('\\page ')}}`,
  );

/** The body text's size in the investment memo (sampleMemoDocx), in points: Word's common default. */
export const MEMO_BODY_POINTS = 11;

const MEMO_PARAGRAPH =
  'Roundroom lets a founder share a data room with the investors they invite, and see who read what. ' +
  'Revenue grew 3.2x year over year with net retention of 128%, and gross margin held at 81% while the team doubled. ' +
  'Every number in this memo is an example.';

/**
 * An investment memo as a DOCX (made by LibreOffice from HTML): an A4 first page of several paragraphs
 * of 11 pt body text, then a page break and a short second chapter with a small table.
 */
export const sampleMemoDocx = () =>
  officeDocument(
    {
      name: 'memo.html',
      content: `<html><body><h1>Investment memo</h1>${Array.from(
        { length: 9 },
        (_, index) => `<p style="font-size:${MEMO_BODY_POINTS}pt">${index + 1}. ${MEMO_PARAGRAPH}</p>`,
      ).join(
        '',
      )}<h1 style="page-break-before: always">Chapter two</h1><p style="font-size:${MEMO_BODY_POINTS}pt">The round: 4 million at a 20 million cap. ${MEMO_PARAGRAPH}</p><table border="1"><tr><td>Year</td><td>Revenue</td><td>Costs</td></tr><tr><td>2026</td><td>1.2</td><td>0.9</td></tr></table></body></html>`,
    },
    'docx',
  );

/** An XLSX financial model, made by LibreOffice from CSV. */
export const sampleXlsx = () =>
  officeDocument(
    {
      name: 'model.csv',
      content: [
        'Year,Revenue,Costs',
        ...Array.from({ length: 12 }, (_, n) => `${2026 + n},${n * 100},${n * 60}`),
      ].join('\n'),
    },
    'xlsx',
  );

/**
 * A PNG whose header says 50,000 x 50,000 pixels (10 GB decoded) over a few bytes of data: what a
 * decompression bomb looks like to a reader that trusts the header. Only the header must be read.
 */
export function giantPngHeader(size = 50_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
