import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type { Content, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as textOf } from 'mdast-util-to-string';
import type PDFKitDocument from 'pdfkit';
import type { AcceptanceWithVersion } from './nda.repository';
import type { DataRoom } from './rooms.repository';

/**
 * An NDA acceptance's record as a PDF (docs/decisions/0045-nda-before-entry.md), written by pdfkit as it
 * is sent: who accepted, the name they typed, when, from which IP and browser, the version's SHA-256,
 * then the agreement as they read it (formatted). The exact text whose hash is printed is attached to
 * the PDF as a file, so the record can be checked without us.
 */

/** Debian's fonts-dejavu-core (scripts/ensure-document-tools.ts): a name may be typed in any script. */
const FONT_DIRECTORY = '/usr/share/fonts/truetype/dejavu';
const FONTS = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', mono: 'DejaVuSansMono.ttf' };
/** PDF's built-in fonts, when DejaVu is not installed: Latin text only. */
const FALLBACK_FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier' };

function fontsFor(doc: PDFKit.PDFDocument): typeof FONTS {
  const installed = Object.values(FONTS).every((file) => fs.existsSync(`${FONT_DIRECTORY}/${file}`));
  if (!installed) return FALLBACK_FONTS;
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, `${FONT_DIRECTORY}/${file}`);
  return { regular: 'regular', bold: 'bold', mono: 'mono' };
}

export function ndaRecordFileName(acceptance: AcceptanceWithVersion): string {
  return `nda-acceptance-${acceptance.acceptedAt.toISOString().slice(0, 10)}-${acceptance.id.slice(0, 8)}.pdf`;
}

const require = createRequire(import.meta.url);
let pdfkit: typeof PDFKitDocument | undefined;
/** pdfkit and its fonts are loaded on the first record, not at start: most servers seldom write one. */
const loadPdfKit = () => {
  pdfkit ??= require('pdfkit') as typeof PDFKitDocument;
  return pdfkit;
};

export function ndaRecordPdf(
  room: DataRoom,
  acceptance: AcceptanceWithVersion & { versionText: string },
): Readable {
  const title = `NDA acceptance: ${acceptance.signerName}, ${room.companyName}`;
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, Author: 'Roundroom', Subject: `NDA version ${acceptance.versionSha256}` },
  });
  const fonts = fontsFor(doc);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font(fonts.bold).fontSize(18).text('Record of NDA acceptance', { width });
  doc.moveDown(0.3);
  doc.font(fonts.regular).fontSize(11).fillColor('#475569').text(`${room.companyName} data room`, { width });
  doc.fillColor('#0f172a').moveDown(1);

  const facts: [string, string][] = [
    ['Name typed', acceptance.signerName],
    ['E-mail address', acceptance.email],
    [
      'Accepted as',
      acceptance.userId !== null || acceptance.invitationId === null
        ? 'Signed-in investor'
        : 'Invitation link (not signed in)',
    ],
    ['Accepted at (UTC)', acceptance.acceptedAt.toISOString()],
    ['IP address', acceptance.ip ?? 'Unknown'],
    ['Browser', acceptance.userAgent ?? 'Unknown'],
    ['Agreement version', acceptance.versionId],
    ['SHA-256 of the text', acceptance.versionSha256],
    ['Record id', acceptance.id],
  ];
  for (const [label, value] of facts) {
    doc.font(fonts.bold).fontSize(10).text(`${label}: `, { continued: true, width });
    doc.font(label === 'SHA-256 of the text' ? fonts.mono : fonts.regular).text(value, { width });
  }
  doc.moveDown(0.5);
  doc
    .font(fonts.regular)
    .fontSize(9)
    .fillColor('#475569')
    .text(
      'The investor typed this name and ticked “I agree” before entering the data room. The SHA-256 is that of the exact text below as stored (UTF-8), which is attached to this PDF as agreement.md.',
      { width },
    );
  doc.fillColor('#0f172a').moveDown(1);
  doc
    .moveTo(doc.page.margins.left, doc.y)
    .lineTo(doc.page.margins.left + width, doc.y)
    .strokeColor('#cbd5e1')
    .stroke();
  doc.moveDown(1);
  doc.font(fonts.bold).fontSize(14).text('The agreement', { width });
  doc.moveDown(0.5);
  writeAgreement(doc, fromMarkdown(acceptance.versionText), fonts, width);

  doc.file(Buffer.from(acceptance.versionText, 'utf8'), {
    name: 'agreement.md',
    type: 'text/markdown',
    description: `The agreement's exact text, SHA-256 ${acceptance.versionSha256}`,
  });
  doc.end();
  return doc as unknown as Readable;
}

/**
 * The agreement's markdown as blocks: headings, paragraphs, lists, quotes and code; inline markup reads
 * as its text. Iterative over the tree's blocks (a text within the sections' nesting limits, ADR 26).
 */
function writeAgreement(doc: PDFKit.PDFDocument, tree: Root, fonts: typeof FONTS, width: number): void {
  const pending: { node: Content; indent: number; marker?: string }[] = tree.children.map((node) => ({
    node,
    indent: 0,
  }));
  while (pending.length > 0) {
    const item = pending.shift();
    if (!item) break;
    const { node, indent } = item;
    const x = doc.page.margins.left + indent;
    const at = { width: width - indent };
    switch (node.type) {
      case 'heading':
        doc.moveDown(0.4);
        doc.font(fonts.bold).fontSize(node.depth <= 1 ? 13 : node.depth === 2 ? 12 : 11);
        doc.text(textOf(node), x, doc.y, at);
        doc.moveDown(0.3);
        break;
      case 'paragraph':
        doc
          .font(fonts.regular)
          .fontSize(10)
          .text(`${item.marker ?? ''}${textOf(node)}`, x, doc.y, at);
        doc.moveDown(0.5);
        break;
      case 'code':
        doc.font(fonts.mono).fontSize(9).text(node.value, x, doc.y, at);
        doc.moveDown(0.5);
        break;
      case 'thematicBreak':
        doc.moveDown(0.5);
        break;
      case 'list': {
        const children = node.children.map((child, index) => ({
          node: child as Content,
          indent: indent + 14,
          marker: node.ordered ? `${(node.start ?? 1) + index}. ` : '• ',
        }));
        pending.unshift(...children);
        break;
      }
      case 'listItem':
      case 'blockquote': {
        const [first, ...rest] = node.children as Content[];
        const children = [
          ...(first ? [{ node: first, indent, marker: item.marker }] : []),
          ...rest.map((child) => ({ node: child, indent: indent + (node.type === 'blockquote' ? 14 : 0) })),
        ];
        if (node.type === 'blockquote' && first)
          children[0] = { node: first, indent: indent + 14, marker: undefined };
        pending.unshift(...children);
        break;
      }
      default: {
        const text = textOf(node);
        if (text) doc.font(fonts.regular).fontSize(10).text(text, x, doc.y, at).moveDown(0.5);
      }
    }
  }
}
