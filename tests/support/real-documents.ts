import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Real documents of each kind founders upload, made on the spot (no binary fixtures in the repository):
 * a PDF written object by object, Office files converted by LibreOffice from it or from text, images
 * drawn by sharp. Used by the preparation tests, the end-to-end tests, the screenshots and the benches.
 */

export interface PdfOptions {
  /** Each page's lines of text; a page with no lines has no text at all (like a scanned page). */
  pages: string[][];
  /** Page size in points (1/72 inch); US Letter by default. */
  widthPoints?: number;
  heightPoints?: number;
}

function escapePdfText(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

/** A valid PDF with one text page per entry of `pages`, Helvetica, each line below the one before. */
export function pdfDocument({ pages, widthPoints = 612, heightPoints = 792 }: PdfOptions): Buffer {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pageTree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const pageIds = pages.map((lines) => {
    const drawing = lines
      .map((line, index) =>
        index === 0
          ? `BT /F1 28 Tf 56 ${heightPoints - 90} Td (${escapePdfText(line)}) Tj ET`
          : `BT /F1 14 Tf 56 ${heightPoints - 110 - index * 22} Td (${escapePdfText(line)}) Tj ET`,
      )
      // A band of colour, so page images differ from one page to the next.
      .concat([`0.2 0.4 ${(lines.length % 10) / 10} rg 40 40 ${widthPoints - 80} 24 re f`])
      .join('\n');
    const contents = add(`<< /Length ${Buffer.byteLength(drawing)} >>\nstream\n${drawing}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${widthPoints} ${heightPoints}] ` +
        `/Contents ${contents} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A pitch deck of `count` pages, each titled and with a few lines of text. */
export function deckPdf(count: number): Buffer {
  return pdfDocument({
    pages: Array.from({ length: count }, (_, index) => [
      `Slide ${index + 1}: ${DECK_TITLES[index % DECK_TITLES.length]}`,
      `Roundroom sample deck, page ${index + 1} of ${count}.`,
      'Revenue grew 3.2x year over year with net retention of 128%.',
      'Every number on this page is an example.',
    ]),
  });
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

export type OfficeFormat = 'docx' | 'pptx' | 'xlsx';

/**
 * An Office file made by LibreOffice (which must be installed: see scripts/ensure-document-tools.ts):
 * a DOCX from text, a PPTX with one slide per page of a PDF, an XLSX from CSV.
 */
export function officeDocument(format: OfficeFormat, pages = 3): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-office-'));
  try {
    let input: string;
    let filter: string[] = [];
    if (format === 'docx') {
      input = path.join(dir, 'memo.txt');
      const paragraphs = Array.from(
        { length: pages * 40 },
        (_, n) => `Paragraph ${n + 1} of the investment memo.`,
      );
      fs.writeFileSync(input, paragraphs.join('\n'));
    } else if (format === 'pptx') {
      input = path.join(dir, 'deck.pdf');
      fs.writeFileSync(input, deckPdf(pages));
      filter = ['--infilter=impress_pdf_import'];
    } else {
      input = path.join(dir, 'model.csv');
      const rows = [
        'Year,Revenue,Costs',
        ...Array.from({ length: 20 }, (_, n) => `${2026 + n},${n * 100},${n * 60}`),
      ];
      fs.writeFileSync(input, rows.join('\n'));
    }
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        ...filter,
        '--convert-to',
        format,
        '--outdir',
        dir,
        input,
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    return fs.readFileSync(path.join(dir, `${path.parse(input).name}.${format}`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A PNG of the given size with a gradient and a caption, so it is a real picture to resize. */
export async function pngImage(width = 1200, height = 800, caption = 'Org chart'): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/>' +
      '<stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs>' +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<text x="50%" y="50%" font-family="sans-serif" font-size="${Math.round(height / 8)}" fill="white" ` +
      `text-anchor="middle">${caption}</text></svg>`,
  );
  return sharp(svg).png().toBuffer();
}
