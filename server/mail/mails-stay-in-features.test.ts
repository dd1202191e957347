import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * A feature's mails are written in its own folder and named by no platform file
 * (docs/decisions/0082-features-own-their-mails.md): the layout is used only by <feature>.mails.ts files,
 * and a mails file is imported only from its own folder. So adding a feature's mail touches its folder
 * (and the composition root, for a notice), never server/mail or another platform file.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SEARCHED = ['server', 'tests', 'scripts', 'bench'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Every import of each file, resolved to a path from the root (subpath imports and relative ones). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/from '([^']+)'/g)].map(([, specifier = '']) => {
    if (specifier.startsWith('#')) return specifier.replace(/^#([^/]+)\//, '$1/');
    if (specifier.startsWith('.')) return path.posix.join(path.posix.dirname(file), specifier);
    return specifier;
  });
}

const files = SEARCHED.flatMap(sourceFiles);
const importers = (target: string) =>
  files.filter((file) => importsOf(file).some((imported) => imported === target));
const isMailsFile = (file: string) => /\/([^/]+)\/\1\.mails\.ts$/.test(file);

test('only a <feature>.mails.ts file builds a mail with the layout', () => {
  const users = importers('server/mail/layout').filter((file) => !file.endsWith('.test.ts'));
  expect(users.length).toBeGreaterThan(5);
  expect(users.filter((file) => !isMailsFile(file))).toEqual([]);
});

test("a feature's mails file is imported from its own folder alone, never from the platform", () => {
  const mailsFiles = files.filter((file) => file.endsWith('.mails.ts'));
  expect(mailsFiles.filter((file) => !isMailsFile(file))).toEqual([]);
  const strays = mailsFiles.flatMap((mails) =>
    importers(mails.replace(/\.ts$/, ''))
      .filter((file) => path.posix.dirname(file) !== path.posix.dirname(mails))
      .map((file) => `${file} imports ${mails}`),
  );
  expect(strays).toEqual([]);
});

test('server/mail holds no wording of a feature: layout, escaping, dates and delivery only', () => {
  const platformMail = fs
    .readdirSync(path.join(ROOT, 'server/mail'))
    .filter((name) => !name.endsWith('.test.ts'));
  expect(platformMail.sort()).toEqual(['deliver.ts', 'layout.ts', 'mailer.ts', 'utc-dates.ts']);
});
