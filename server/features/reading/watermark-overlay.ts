import { degrees, PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { WATERMARK_ANGLE_DEGREES, WATERMARK_OPACITY } from '#shared/watermark';

/** A page's size in points, as pdfinfo reports it (its media box, before any /Rotate). */
export interface PageSize {
  width: number;
  height: number;
}

/** Helvetica writes WinAnsi only: any other character (a rare non-Latin e-mail) is shown as '?'. */
function winAnsi(text: string, font: PDFFont): string {
  return Array.from(text)
    .map((character) => {
      try {
        font.encodeText(character);
        return character;
      } catch {
        return '?';
      }
    })
    .join('');
}

/**
 * The watermark as a PDF of one page per distinct page size of the document, each exactly that size,
 * so that qpdf's overlay (which centres and only shrinks) covers every page edge to edge. The text is
 * real text (pdftotext finds the reader's e-mail on every page), diagonal and semi-transparent.
 */
export async function watermarkPdf(text: string, sizes: PageSize[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const line = winAnsi(text, font);
  for (const { width, height } of sizes) {
    const page = document.addPage([width, height]);
    const fontSize = Math.max(7, Math.round(Math.min(width, height) / 40));
    const lineWidth = font.widthOfTextAtSize(line, fontSize);
    const angle = (WATERMARK_ANGLE_DEGREES * Math.PI) / 180;
    // Rows along the diagonal, far enough apart to read the page between them, covering the corners.
    const rowGap = fontSize * 9;
    const columnGap = lineWidth + fontSize * 4;
    const reach = width + height;
    for (let row = -reach; row < reach; row += rowGap) {
      for (let column = -reach; column < reach; column += columnGap) {
        const offset = (Math.round(row / rowGap) % 2) * (columnGap / 2);
        const x = column + offset;
        // Rotate (x, row) about the page's centre so rows run diagonally across it.
        const px = width / 2 + x * Math.cos(angle) - row * Math.sin(angle);
        const py = height / 2 + x * Math.sin(angle) + row * Math.cos(angle);
        if (px < -lineWidth || px > width + lineWidth || py < -lineWidth || py > height + lineWidth) continue;
        page.drawText(line, {
          x: px,
          y: py,
          size: fontSize,
          font,
          color: rgb(0.12, 0.16, 0.22),
          opacity: WATERMARK_OPACITY,
          rotate: degrees(WATERMARK_ANGLE_DEGREES),
        });
      }
    }
  }
  return document.save();
}
