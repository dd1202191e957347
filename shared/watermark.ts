/**
 * What a watermark says and how it is drawn (docs/decisions/0046-dynamic-watermark.md): the reader's
 * e-mail, the day (UTC) and the word Confidential, tiled diagonally and semi-transparent. The same
 * words on page images, images and PDFs. The SVG is what the server's sharp burns into pixels, and what
 * the viewer lays over text and tables (which have no image); shared so that both draw the same.
 */

/** The watermark's one line of text for a reader on a day. */
export function watermarkText(email: string, at: Date): string {
  return `${email} · ${at.toISOString().slice(0, 10)} · Confidential`;
}

/** The day a watermark names, which is also part of every cache key and ETag of a watermarked object. */
export function watermarkDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The angle of the text, counter-clockwise from the horizontal, in degrees. */
export const WATERMARK_ANGLE_DEGREES = 30;
/** Light enough to read the page through, dark enough to be legible on white and on photographs. */
export const WATERMARK_OPACITY = 0.22;
/** The font: DejaVu Sans is installed with fonts-dejavu-core (scripts/ensure-document-tools.ts). */
export const WATERMARK_FONT_FAMILY = 'DejaVu Sans';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an SVG element or attribute: an e-mail may hold <, &, and quotes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** The watermark's font size and tile side for an image `width` pixels wide. */
export function watermarkMetrics(text: string, width: number): { fontSize: number; tile: number } {
  const fontSize = Math.max(6, Math.round(width / 48));
  return { fontSize, tile: Math.max(64, Math.round(fontSize * text.length * 0.62)) };
}

/**
 * The watermark over an image `width` x `height` pixels: one tile holding the text three times,
 * diagonally, offset so that rows interleave, repeated over the whole image as an SVG pattern. Sizes
 * follow `referenceWidth` (the image's width unless given), so the text reads the same on a phone's
 * 800 px page and on a thumbnail.
 */
export function watermarkSvg(text: string, width: number, height: number, referenceWidth = width): string {
  const { fontSize, tile } = watermarkMetrics(text, referenceWidth);
  const line = (x: number, y: number) =>
    `<text x="${x}" y="${y}" text-anchor="middle" transform="rotate(-${WATERMARK_ANGLE_DEGREES} ${x} ${y})">${escapeXml(text)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><pattern id="watermark" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse">
<g font-family="${WATERMARK_FONT_FAMILY}, sans-serif" font-size="${fontSize}" fill="#1f2937" fill-opacity="${WATERMARK_OPACITY}">
${line(Math.round(tile / 2), Math.round(tile / 4))}
${line(0, Math.round((tile * 3) / 4))}
${line(tile, Math.round((tile * 3) / 4))}
</g>
</pattern></defs>
<rect width="${width}" height="${height}" fill="url(#watermark)"/>
</svg>`;
}
