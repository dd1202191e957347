import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { escapeHtml, firstScreenHtml } from './first-screen';
import { READER_PAGE_MODULES } from './page-preloads';

const routeTable = fs.readFileSync(path.resolve('web/app/route-table.tsx'), 'utf8');

test('every module announced for a reader’s page is one the route table loads for it', () => {
  for (const [page, modules] of Object.entries(READER_PAGE_MODULES)) {
    for (const module of modules ?? []) {
      expect(fs.existsSync(path.resolve('web', module)), `${page}: web/${module}`).toBe(true);
      const specifier = module.replace(/\.tsx?$/, '');
      const imported =
        routeTable.includes(`import('#web/${specifier}')`) ||
        routeTable.includes(`import('./${specifier.slice('app/'.length)}')`);
      expect(imported, `${page}: the route table imports ${module}`).toBe(true);
    }
  }
});

test('the first screen writes a room’s name and stage as text, never as markup', () => {
  const html = firstScreenHtml({
    kind: 'invitation',
    companyName: '<script>alert(1)</script> & "Co"',
    stage: "<img src=x onerror='x'>",
    invitedEmail: 'a"b@example.com',
  });
  expect(html).not.toContain('<script>');
  expect(html).not.toContain('<img src=x');
  expect(html).toContain(escapeHtml('<script>alert(1)</script> & "Co"'));
  expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});
