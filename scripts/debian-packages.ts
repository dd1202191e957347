import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** A Debian package and the file whose presence shows it is installed. */
export interface DebianPackage {
  name: string;
  provides: string;
}

/**
 * Installs the missing packages from Debian's archive (the only place tools come from on these
 * machines, beside npm). As root it runs apt-get; otherwise it prints the command and exits 1.
 * `withoutRecommends` keeps a server's tools lean (LibreOffice's recommends pull in a desktop).
 */
export function ensureDebianPackages(
  packages: DebianPackage[],
  options: { withoutRecommends?: boolean } = {},
): void {
  const missing = packages.filter((pkg) => !fs.existsSync(pkg.provides));
  if (missing.length === 0) return;

  const names = missing.map((pkg) => pkg.name).join(' ');
  const recommends = options.withoutRecommends ? ' --no-install-recommends' : '';
  const installCommand = `apt-get update && apt-get install -y${recommends} ${names}`;
  const files = missing.map((pkg) => pkg.provides).join(', ');
  if (process.getuid?.() !== 0) {
    console.error(`Missing ${files}. Install ${names} with:\n  sudo sh -c '${installCommand}'`);
    process.exit(1);
  }
  console.log(`Missing ${files}: running ${installCommand}`);
  // Both commands quiet (their errors still reach stderr), not only the last one.
  execFileSync('sh', ['-c', `{ ${installCommand}; } >/dev/null`], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const stillMissing = missing.filter((pkg) => !fs.existsSync(pkg.provides));
  if (stillMissing.length > 0) {
    console.error(
      `apt-get finished but ${stillMissing.map((pkg) => pkg.provides).join(', ')} is still missing.`,
    );
    process.exit(1);
  }
}

/**
 * Previews are made by LibreOffice (Office files to PDF) and poppler (PDF pages to images, text and word
 * boxes); tesseract reads the text of scanned pages and images (English); qpdf stamps the watermark on downloaded PDFs and makes the hostile PDFs the tests feed them; DejaVu
 * Sans is the NDA records' font and the watermark's on page images (ADR 46).
 */
export const DOCUMENT_TOOLS: DebianPackage[] = [
  { name: 'libreoffice-writer-nogui', provides: '/usr/lib/libreoffice/program/libswlo.so' },
  { name: 'libreoffice-calc-nogui', provides: '/usr/lib/libreoffice/program/libsclo.so' },
  { name: 'libreoffice-impress-nogui', provides: '/usr/lib/libreoffice/program/libsdlo.so' },
  { name: 'poppler-utils', provides: '/usr/bin/pdftoppm' },
  { name: 'qpdf', provides: '/usr/bin/qpdf' },
  { name: 'tesseract-ocr', provides: '/usr/bin/tesseract' },
  // tesseract-ocr only names a language; the English model is a package of its own.
  { name: 'tesseract-ocr-eng', provides: '/usr/share/tesseract-ocr/5/tessdata/eng.traineddata' },
  // The NDA acceptance records (PDF) write every script a name may be typed in, and sharp's librsvg
  // draws the watermark burned into page images: DejaVu Sans.
  { name: 'fonts-dejavu-core', provides: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
];

/**
 * Servers the API tests start for themselves: Redis, for the rate limits shared by several nodes
 * (tests/support/redis-server.ts, ADR 49). Debian's package installs it without starting it.
 */
export const TEST_SERVICES: DebianPackage[] = [{ name: 'redis-server', provides: '/usr/bin/redis-server' }];

/** The load balancer of the cluster test (deploy/nginx) and the baseline of the benchmarks (bench/nginx.ts). */
export const NGINX: DebianPackage = { name: 'nginx', provides: '/usr/sbin/nginx' };
