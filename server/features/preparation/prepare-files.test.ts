import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { PAGE_IMAGE_WIDTHS, THUMBNAIL_WIDTH } from '#shared/contracts/previews';
import { htmlPages, officeDocument, writtenPdf } from '#tests/support/sample-documents';
import { realPagesWhereEachStarts, withNarrowPages } from './narrow-pages';
import { HELPER_MEMORY_LIMIT_BYTES, type PreparationTask } from './preparation-limits';
import { prepareFiles } from './prepare-files';

let workDir: string;
beforeEach(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prepare-files-test-'));
});
afterEach(() => fs.rmSync(workDir, { recursive: true, force: true }));

function taskFor(extension: string, bytes: Buffer, changes: Partial<PreparationTask> = {}): PreparationTask {
  const inputPath = path.join(workDir, 'original');
  fs.writeFileSync(inputPath, bytes);
  return {
    kind: 'pages',
    extension,
    inputPath,
    workDir,
    widths: PAGE_IMAGE_WIDTHS,
    thumbnailWidth: THUMBNAIL_WIDTH,
    maxPages: 50,
    memoryLimitBytes: HELPER_MEMORY_LIMIT_BYTES,
    ocrTimeLimitMs: 60_000,
    ...changes,
  };
}

test('poppler runs under the memory limit: with too little address space it cannot read the PDF', async () => {
  const roomy = await prepareFiles(taskFor('pdf', writtenPdf({ pages: 1 })));
  expect(roomy.status).toBe('ready');
  const starved = await prepareFiles(
    taskFor('pdf', writtenPdf({ pages: 1 }), { memoryLimitBytes: 4 * 1024 ** 2 }),
  );
  expect(starved).toMatchObject({ status: 'failed', code: 'corrupt' });
});

/** The environment of a live process whose command line names this work directory, if one runs now. */
function officeEnvironment(): Map<string, string> | undefined {
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!commandLine.includes('soffice') || !commandLine.includes(workDir)) continue;
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      return new Map(
        environ.map((entry) => [entry.split('=')[0] ?? '', entry.slice(entry.indexOf('=') + 1)]),
      );
    } catch {
      // ended between the listing and the read
    }
  }
  return undefined;
}

test("LibreOffice's temporary directory is inside the work directory, not the system's /tmp", async () => {
  const docx = officeDocument({ name: 'memo.html', content: htmlPages(2) }, 'docx');
  const preparing = prepareFiles(taskFor('docx', docx));
  let environment: Map<string, string> | undefined;
  let isDone = false;
  void preparing.finally(() => {
    isDone = true;
  });
  while (!environment && !isDone) {
    environment = officeEnvironment();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect((await preparing).status).toBe('ready');
  expect(environment?.get('TMPDIR')).toBe(path.join(workDir, 'tmp'));
}, 60_000);

test('every page layout of a flat ODT is set to the narrow page, upright, whatever it had', () => {
  const flat =
    '<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="29.7cm" fo:page-height="21cm" style:print-orientation="landscape" fo:margin-left="2cm" style:writing-mode="lr-tb"/></style:page-layout>' +
    '<style:page-layout style:name="pm2"><style:page-layout-properties style:writing-mode="lr-tb"></style:page-layout-properties></style:page-layout>';
  const narrow = withNarrowPages(flat);
  const layouts = [...narrow.matchAll(/<style:page-layout-properties[^>]*>/g)].map((match) => match[0]);
  expect(layouts).toHaveLength(2);
  for (const layout of layouts) {
    expect(layout).toContain('fo:page-width="9cm"');
    expect(layout).toContain('fo:page-height="16cm"');
    expect(layout).toContain('style:print-orientation="portrait"');
    expect(layout).toContain('fo:margin-left="0.5cm"');
    expect(layout).toContain('style:writing-mode="lr-tb"');
    expect(layout.match(/fo:page-width=/g)).toHaveLength(1);
  }
  expect(layouts[0]?.endsWith('/>')).toBe(true);
  expect(narrow).toContain('</style:page-layout-properties>');
});

test("each narrow page starts on the real page that holds its first letter, pages' texts laid end to end", () => {
  const real = ['Alpha beta gamma delta', 'Epsilon zeta', 'Eta'];
  // The same letters over five narrow pages: the third starts inside real page 1, the fourth at page 2.
  const narrow = ['Alpha be', 'ta gam', 'ma delta', 'Epsilon zeta', 'Eta'];
  expect(realPagesWhereEachStarts(real, narrow)).toEqual([1, 1, 1, 2, 3]);
  expect(realPagesWhereEachStarts([''], ['', 'x'])).toEqual([1, 1]);
});

test('a table is fitted between the narrow margins, and a picture wider than the line is scaled down to it', () => {
  const flat =
    '<style:table-properties style:width="9.375in" fo:margin-left="0.0007in" table:align="left" style:writing-mode="lr-tb"/>' +
    '<draw:frame draw:name="Logo" svg:width="16cm" svg:height="4cm"><draw:image/></draw:frame>' +
    '<draw:frame draw:name="Icon" svg:width="2cm" svg:height="2cm"><draw:image/></draw:frame>';
  const narrow = withNarrowPages(flat);
  expect(narrow).toContain('<style:table-properties table:align="margins" style:writing-mode="lr-tb"/>');
  expect(narrow).toContain('<draw:frame svg:width="8cm" svg:height="2.000cm" draw:name="Logo">');
  expect(narrow).toContain('<draw:frame draw:name="Icon" svg:width="2cm" svg:height="2cm">');
});
