import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * Code comments cite the product's rules by anchor (docs/product-rules.md#invitations). Every anchor
 * cited must be a heading of that page, as a Markdown renderer names it, so a citation never points
 * at nothing after a heading is renamed. Comments cite only what a reader of the repository can open:
 * the product rules and the ADRs (docs/decisions), never an issue number or a document kept elsewhere
 * (ADR 66).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const RULES = path.join(ROOT, 'docs', 'product-rules.md');
const SOURCE_ROOTS = ['server', 'web', 'shared', 'tests', 'bench', 'scripts', 'docs'];

const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|md)$/.test(entry.name) ? [full] : [];
  });
}

test('every docs/product-rules.md anchor cited in the code is a heading of that page', () => {
  const headings = new Set(
    [...fs.readFileSync(RULES, 'utf8').matchAll(/^#{2,3} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')),
  );
  const cited: string[] = [];
  for (const file of SOURCE_ROOTS.flatMap((root) => sourceFiles(path.join(ROOT, root)))) {
    const text = fs.readFileSync(file, 'utf8');
    // docs/product-rules.md#configure, #setup-data-room: a second anchor may follow the first.
    for (const match of text.matchAll(/product-rules\.md#([a-z0-9-]+)((?:, #[a-z0-9-]+)*)/g)) {
      const anchors = [match[1], ...(match[2] ?? '').split(', #').slice(1)];
      for (const anchor of anchors) cited.push(`${path.relative(ROOT, file)}: #${anchor}`);
    }
  }
  expect(cited.length).toBeGreaterThan(40);
  const missing = cited.filter((citation) => !headings.has(citation.split(': #')[1] ?? ''));
  expect(missing).toEqual([]);
});

/**
 * Citations a reader of the repository cannot follow: an issue by its number, in any wording, and
 * the planning documents kept outside it. Written so that this file's own text does not match them.
 */
const OUTSIDE_CITATIONS = [
  /\b[Ii]ssues? #?[0-9]+/,
  /\b(DESIGN|UX-NOTE[S]|MACHINE-NOTE[S]|STYLE)\.md\b|\bUX-NOTE[S]\b/,
  /\b[Dd]esign doc(ument)?s?\b/,
  /\b[Ss]pec(ification)? (sections?|§) ?[0-9]/,
  /\bproduct-spe[c]\b/,
];

test('no comment in the code cites an issue number or a document outside the repository', () => {
  const code = SOURCE_ROOTS.filter((root) => root !== 'docs')
    .flatMap((root) => sourceFiles(path.join(ROOT, root)))
    .filter((file) => /\.(ts|tsx)$/.test(file));
  expect(code.length).toBeGreaterThan(500);
  const found: string[] = [];
  for (const file of code) {
    for (const [index, line] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
      if (OUTSIDE_CITATIONS.some((pattern) => pattern.test(line)))
        found.push(`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
    }
  }
  expect(found).toEqual([]);
});
