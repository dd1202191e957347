import { expect, test } from 'vitest';
import { letterCount, ocrReadingOfTsv } from './ocr';
import { pageWord, pageWordsOfXhtml } from './page-words';
import { MAX_PAGE_WORDS } from './preparation-limits';

/** pdftotext -bbox's XHTML for pages of `width` x `height` points holding these words. */
function bboxXhtml(pages: { width: number; height: number; words: string[] }[]): string {
  const body = pages
    .map(
      (page) =>
        `  <page width="${page.width}.000000" height="${page.height}.000000">\n${page.words.join('\n')}\n  </page>`,
    )
    .join('\n');
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><html xmlns="http://www.w3.org/1999/xhtml">\n<head>\n</head>\n<body>\n<doc>\n${body}\n</doc>\n</body>\n</html>\n`;
}

const word = (text: string, [x0, y0, x1, y1]: number[]) =>
  `    <word xMin="${x0}" yMin="${y0}" xMax="${x1}" yMax="${y1}">${text}</word>`;

test("poppler's words become fractions of the page as shown, kept as written, XML's escapes decoded", async () => {
  const xhtml = bboxXhtml([
    {
      width: 612,
      height: 792,
      words: [word('R&amp;D', [61.2, 79.2, 122.4, 99]), word('007', [306, 396, 612, 792])],
    },
    // Stored upright, shown turned by 90 degrees: its boxes are given on the page as shown, 792 wide.
    { width: 612, height: 792, words: [word('&lt;turned&gt;', [697.032, 56, 719.232, 112.04])] },
    { width: 612, height: 792, words: [] },
  ]);
  expect(await pageWordsOfXhtml(xhtml, [0, 90, 0, 0])).toEqual([
    [
      ['R&D', 0.1, 0.1, 0.2, 0.125],
      ['007', 0.5, 0.5, 1, 1],
    ],
    [['<turned>', 0.8801, 0.0915, 0.9081, 0.1831]],
    [],
    // A page pdftotext did not write (none past its last) has no words.
    [],
  ]);
});

test('a page keeps its first MAX_PAGE_WORDS words', async () => {
  const words = Array.from({ length: MAX_PAGE_WORDS + 10 }, (_, index) => word(`w${index}`, [0, 0, 1, 1]));
  const [kept] = await pageWordsOfXhtml(bboxXhtml([{ width: 100, height: 100, words }]), [0]);
  expect(kept).toHaveLength(MAX_PAGE_WORDS);
  expect(kept?.at(-1)?.[0]).toBe(`w${MAX_PAGE_WORDS - 1}`);
});

test("a word's box is ordered, clamped to the page and rounded to 4 decimals; an empty word is none", () => {
  expect(pageWord(' net ', { x0: 30, y0: -5, x1: 10, y1: 120 }, 90, 100)).toEqual([
    'net',
    0.1111,
    0,
    0.3333,
    1,
  ]);
  expect(pageWord('  ', { x0: 0, y0: 0, x1: 1, y1: 1 }, 10, 10)).toBeNull();
  expect(pageWord('x', { x0: Number.NaN, y0: 0, x1: 1, y1: 1 }, 10, 10)).toBeNull();
});

test("tesseract's TSV gives the page's text, lines and paragraphs as it found them, and each word's box", () => {
  const header =
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
  const rows = [
    '1\t1\t0\t0\t0\t0\t0\t0\t1000\t2000\t-1\t',
    '2\t1\t1\t0\t0\t0\t100\t200\t800\t100\t-1\t',
    '5\t1\t1\t1\t1\t1\t100\t200\t200\t50\t96.1\tQuarterly',
    '5\t1\t1\t1\t1\t2\t320\t200\t180\t50\t95.0\treport',
    '5\t1\t1\t1\t2\t1\t100\t260\t100\t50\t91.0\tPage',
    '5\t1\t1\t1\t2\t2\t210\t260\t20\t50\t90.0\t2',
    // What tesseract finds in a photo: a word of whitespace, kept out.
    '5\t1\t1\t1\t2\t3\t0\t0\t1000\t2000\t95.0\t ',
    '5\t1\t2\t1\t1\t1\t100\t1000\t300\t100\t88.5\tSignature',
  ];
  expect(ocrReadingOfTsv([header, ...rows].join('\n'), 1000, 2000)).toEqual({
    text: 'Quarterly report\nPage 2\n\nSignature\n',
    words: [
      ['Quarterly', 0.1, 0.1, 0.3, 0.125],
      ['report', 0.32, 0.1, 0.5, 0.125],
      ['Page', 0.1, 0.13, 0.2, 0.155],
      ['2', 0.21, 0.13, 0.23, 0.155],
      ['Signature', 0.1, 0.5, 0.4, 0.55],
    ],
  });
  expect(ocrReadingOfTsv(header, 1000, 2000)).toEqual({ text: '', words: [] });
});

test('letters and digits are counted in any script; spaces, punctuation and form feeds are not', () => {
  expect(letterCount(' Ärger 2024 — ¿qué? 東京\f')).toBe(4 + 1 + 4 + 3 + 2);
});
