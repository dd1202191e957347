import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { SectionsPreview } from './sections-preview';

afterEach(cleanup);

const UPLOAD = `${window.location.origin}${apiPath(documentRoutes.download, { params: { id: '0b6f7f5e-5c1a-4a38-9b7e-3f1c2d4e5a6b' } })}`;

const markdown = [
  '# Company Information',
  'name: Northwind Robotics',
  'stage: Seed',
  'description: Picking robots for warehouses',
  '',
  '## Financials',
  'Model and statements.',
  '- [Financial model](https://docs.google.com/spreadsheets/d/abc)',
  `- [Audited statements](${UPLOAD})`,
  '',
  '## Legal',
  '',
].join('\n');

test('each section heading is shown with its documents as bullets', () => {
  render(<SectionsPreview markdown={markdown} />);
  const preview = screen.getByRole('region', { name: 'Preview' });
  const headings = within(preview).getAllByRole('heading');
  expect(headings.map((heading) => heading.textContent)).toEqual(['Financials', 'Legal']);

  const bullets = within(preview).getAllByRole('listitem');
  expect(bullets.map((bullet) => bullet.textContent)).toEqual([
    'Financial model',
    'Audited statements (uploaded file)',
  ]);
  expect(within(preview).getByText('No documents yet')).toBeTruthy();
});

test('the company block comes from the markdown', () => {
  render(<SectionsPreview markdown={markdown} />);
  expect(screen.getByText('Northwind Robotics')).toBeTruthy();
  expect(screen.getByText('Seed')).toBeTruthy();
  expect(screen.getByText('Picking robots for warehouses')).toBeTruthy();
});

test('typing a new section shows it', async () => {
  const { rerender } = render(<SectionsPreview markdown={markdown} />);
  rerender(
    <SectionsPreview markdown={`${markdown}\n## Team\n- [Org chart](https://example.com/org.pdf)\n`} />,
  );
  expect(await screen.findByRole('heading', { name: 'Team' })).toBeTruthy();
  expect(screen.getAllByRole('listitem').map((bullet) => bullet.textContent)).toContain('Org chart');
});

test('without sections it says how to start one', () => {
  render(<SectionsPreview markdown={'# Company Information\nname: Solo\n'} />);
  expect(screen.queryAllByRole('heading')).toEqual([]);
  expect(screen.getByText(/No sections yet/)).toBeTruthy();
});

test('a link that would be refused on save is named with its line', () => {
  render(<SectionsPreview markdown={'## Docs\n- [Bad](javascript:alert(1))\n'} />);
  expect(screen.getByText(/^Line 2: the link of "Bad"/)).toBeTruthy();
});

test('a hostile paste shows the limit it breaks instead of freezing the page on the parse', () => {
  // 80 KB of nested brackets took seconds in the parser; the shared limits refuse it first.
  render(<SectionsPreview markdown={`## Data\n${'['.repeat(40_000)}a${']'.repeat(40_000)}`} />);
  const preview = screen.getByRole('region', { name: 'Preview' });
  expect(
    within(preview).getByText(
      'This text is too deeply nested on line 2: at most 8 square brackets may be open inside each other.',
    ),
  ).toBeTruthy();
});
