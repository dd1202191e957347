import fs from 'node:fs';
import { type PageSize, watermarkPdf } from './watermark-overlay';

/**
 * Writes a watermark's overlay PDF (watermark-overlay.ts) in a process of its own, so pdf-lib is never
 * loaded into the server (watermark-pdf.ts). Arguments: the overlay as JSON ({ text, sizes }), then the
 * file to write.
 */
const [overlayJson, file] = process.argv.slice(2);
if (!overlayJson || !file) throw new Error('usage: watermark-overlay.child OVERLAY_JSON FILE');
const overlay = JSON.parse(overlayJson) as { text: string; sizes: PageSize[] };
fs.writeFileSync(file, await watermarkPdf(overlay.text, overlay.sizes));
