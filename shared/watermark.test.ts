import { expect, test } from 'vitest';
import { escapeXml, watermarkSvg, watermarkText } from './watermark';

test('the watermark names the reader, the day and Confidential', () => {
  expect(watermarkText('ada@fund.example', new Date('2026-11-25T23:59:00Z'))).toBe(
    'ada@fund.example · 2026-11-25 · Confidential',
  );
});

test('the SVG watermark escapes an e-mail holding <, &, and quotes, so it can neither break nor add markup', () => {
  const hostile = `o'neil"+<script>&x@fund.example`;
  const svg = watermarkSvg(watermarkText(hostile, new Date('2026-01-02T00:00:00Z')), 800, 1131);
  expect(svg).not.toContain('<script>');
  expect(svg).not.toContain(`o'neil"`);
  expect(svg).toContain('o&apos;neil&quot;+&lt;script&gt;&amp;x@fund.example · 2026-01-02 · Confidential');
  // Three lines of text per tile, and no other element than the ones we wrote.
  expect(svg.match(/<text /g)).toHaveLength(3);
  expect(
    svg
      .match(/<[a-z]+/g)
      ?.filter((tag) => !['<svg', '<defs', '<pattern', '<g', '<text', '<rect'].includes(tag)),
  ).toEqual([]);
});

test('escapeXml leaves ordinary text alone', () => {
  expect(escapeXml('ada@fund.example · 2026')).toBe('ada@fund.example · 2026');
});
