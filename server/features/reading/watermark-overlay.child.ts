import fs from 'node:fs';
import { type PageSize, watermarkPdf } from './watermark-overlay';

/**
 * Writes a watermark's overlay PDF (watermark-overlay.ts) in a process of its own, so pdf-lib is never
 * loaded into the server (watermark-pdf.ts). Arguments: a file holding the overlay as JSON
 * ({ text, sizes }), then the file to write.
 */
const [overlayFile, file] = process.argv.slice(2);
if (!overlayFile || !file) throw new Error('usage: watermark-overlay.child OVERLAY_JSON_FILE FILE');
const overlay = JSON.parse(fs.readFileSync(overlayFile, 'utf8')) as { text: string; sizes: PageSize[] };
fs.writeFileSync(file, await watermarkPdf(overlay.text, overlay.sizes));
