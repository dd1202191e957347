import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * The size limits (biome.json; ADR 83) run on a small tree with the project's own lint configuration,
 * into which each test plants one file: one line or one body line over the limit must fail with the rule
 * named, and the same file at the limit must pass, so a limit that is off by one, or matches no path,
 * fails here too.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');
const FILE_RULE = 'lint/style/noExcessiveLinesPerFile';
const FUNCTION_RULE = 'lint/complexity/noExcessiveLinesPerFunction';

let workRoot: string;

beforeAll(() => {
  workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'size-limits-'));
});

afterAll(() => {
  fs.rmSync(workRoot, { recursive: true, force: true });
});

/** A module of `lines` lines, each a statement of its own. */
function fileOfLines(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `export const value${i} = ${i};\n`).join('');
}

/** A function whose body (the lines between its braces, as the rule counts them) is `bodyLines` long. */
function functionWithBody(bodyLines: number): string {
  const additions = Array.from({ length: bodyLines - 2 }, (_, i) => `  total += ${i};\n`).join('');
  return `export function planted(): number {\n  let total = 0;\n${additions}  return total;\n}\n`;
}

/** Lints one planted file in a fresh tree with the project's biome.json; returns the exit code and output. */
function lintPlanted(file: string, text: string): { code: number | null; output: string } {
  const tree = fs.mkdtempSync(path.join(workRoot, 'tree-'));
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  // The planted tree is no git checkout, and the schema path points into the project's node_modules.
  config.vcs.enabled = false;
  delete config.$schema;
  fs.writeFileSync(path.join(tree, 'biome.json'), JSON.stringify(config));
  fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  fs.writeFileSync(path.join(tree, file), text);
  const result = spawnSync(BIOME, ['lint', '--colors=off', file], { cwd: tree, encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a file over 600 lines fails lint', () => {
  test.each([
    'server/features/accounts/planted.service.ts',
    'server/planted.ts',
    'web/features/planted/components/planted-page.tsx',
    'shared/planted.ts',
    'scripts/planted.ts',
    'bench/planted.ts',
  ])('601 lines in %s fail with the rule named; 600 pass', (file) => {
    const over = lintPlanted(file, fileOfLines(601));
    expect(over.code).not.toBe(0);
    expect(over.output).toContain(FILE_RULE);
    expect(over.output).toContain('too many lines (601)');

    const atLimit = lintPlanted(file, fileOfLines(600));
    expect(atLimit.output).not.toContain(FILE_RULE);
    expect(atLimit.code).toBe(0);
  });
});

describe('a function over 120 lines fails lint', () => {
  test.each([
    'server/features/accounts/planted.service.ts',
    'web/features/planted/components/planted-page.tsx',
    'shared/planted.ts',
    'scripts/planted.ts',
    'bench/planted.ts',
  ])('a 121-line function in %s fails with the rule named; 120 lines pass', (file) => {
    const over = lintPlanted(file, functionWithBody(121));
    expect(over.code).not.toBe(0);
    expect(over.output).toContain(FUNCTION_RULE);
    expect(over.output).toContain('too many lines (121)');

    const atLimit = lintPlanted(file, functionWithBody(120));
    expect(atLimit.output).not.toContain(FUNCTION_RULE);
    expect(atLimit.code).toBe(0);
  });
});

// Tests are exempt (ADR 83): a describe callback is a list of cases, not a unit of logic to split.
test('a test file over both limits passes lint', () => {
  const longTest = `${functionWithBody(200)}${fileOfLines(700)}`;
  for (const file of ['server/features/accounts/planted.api.test.ts', 'tests/e2e/planted.spec.ts']) {
    const result = lintPlanted(file, longTest);
    expect(result.output).not.toContain(FILE_RULE);
    expect(result.output).not.toContain(FUNCTION_RULE);
    expect(result.code).toBe(0);
  }
});
