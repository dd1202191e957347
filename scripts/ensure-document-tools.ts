import { ensureDebianPackages } from './debian-packages';

/**
 * Previews are made by LibreOffice (Office files to PDF) and poppler (PDF pages to images and text);
 * qpdf stamps the watermark on downloaded PDFs and makes the hostile PDFs the tests feed them; DejaVu
 * Sans is the NDA records' font and the watermark's on page images (ADR 46). Run before the API tests
 * and the server starts,
 * so a clean machine gets them the way it gets Chromium.
 */
ensureDebianPackages(
  [
    { name: 'libreoffice-writer-nogui', provides: '/usr/lib/libreoffice/program/libswlo.so' },
    { name: 'libreoffice-calc-nogui', provides: '/usr/lib/libreoffice/program/libsclo.so' },
    { name: 'libreoffice-impress-nogui', provides: '/usr/lib/libreoffice/program/libsdlo.so' },
    { name: 'poppler-utils', provides: '/usr/bin/pdftoppm' },
    { name: 'qpdf', provides: '/usr/bin/qpdf' },
    // The NDA acceptance records (PDF) write every script a name may be typed in, and sharp's librsvg
    // draws the watermark burned into page images: DejaVu Sans.
    { name: 'fonts-dejavu-core', provides: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
  ],
  { withoutRecommends: true },
);
