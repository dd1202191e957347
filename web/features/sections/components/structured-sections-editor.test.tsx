import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { parseSectionsMarkdown } from '#shared/sections-markdown';
import { StructuredSectionsEditor } from './structured-sections-editor';

afterEach(cleanup);

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

const DECK_ID = '0b6f7f5e-5c1a-4a38-9b7e-3f1c2d4e5a6b';

const MARKDOWN = [
  '# Company Information',
  'name: Northwind Robotics',
  '',
  '## Financials {icon=chart}',
  'Model and statements.',
  '',
  `- [Deck](${apiPath(documentRoutes.download, { params: { id: DECK_ID } })})`,
  '- [Financial model](https://docs.google.com/spreadsheets/d/abc)',
  '- [Cap table](https://example.com/cap.xlsx)',
  '',
  '## Legal',
  '- [Certificate](https://example.com/coi.pdf)',
  '',
].join('\n');

/** The editor over a markdown text held in state, as the page's draft holds it. */
function renderEditor(
  options: {
    onRenameUploaded?: (id: string, title: string) => Promise<void>;
    onUpload?: () => void;
    uploadedFiles?: { id: string; title: string }[];
  } = {},
) {
  let markdown = MARKDOWN;
  const onEditAsMarkdown = vi.fn();
  function Harness() {
    const [value, setValue] = useState(MARKDOWN);
    markdown = value;
    return (
      <StructuredSectionsEditor
        markdown={value}
        onChange={setValue}
        uploadedFiles={options.uploadedFiles}
        onRenameUploaded={options.onRenameUploaded ?? (async () => {})}
        onUpload={options.onUpload ?? (() => {})}
        onEditAsMarkdown={onEditAsMarkdown}
      />
    );
  }
  render(<Harness />);
  return {
    markdown: () => markdown,
    room: () =>
      parseSectionsMarkdown(markdown).sections.map((section) => [
        section.name,
        section.documents.map((document) => document.title),
      ]),
  };
}

const sectionNames = () =>
  within(screen.getByRole('list', { name: 'Sections' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

const documentsIn = (section: string) =>
  within(screen.getByRole('list', { name: `Documents in ${section}` }))
    .getAllByRole('listitem')
    // The row's text before its controls: the title as shown.
    .map((item) => item.querySelector('span')?.textContent);

test('shows each section with its documents, as the room reads them', () => {
  renderEditor();
  expect(sectionNames()).toEqual(['Financials', 'Legal']);
  expect(documentsIn('Financials')).toEqual(['Deck', 'Financial model (link)', 'Cap table (link)']);
  expect(documentsIn('Legal')).toEqual(['Certificate (link)']);
});

test('adds a section at the end of the markdown', () => {
  const editor = renderEditor();
  fireEvent.change(screen.getByLabelText('New section'), { target: { value: 'Team & organization' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
  expect(sectionNames()).toEqual(['Financials', 'Legal', 'Team & organization']);
  expect(editor.markdown()).toBe(`${MARKDOWN}\n## Team \\& organization {icon=folder}\n`);
  expect((screen.getByLabelText('New section') as HTMLInputElement).value).toBe('');
});

test('an empty name adds nothing and says why', () => {
  const editor = renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
  expect(screen.getByRole('alert').textContent).toBe('A section needs a name.');
  expect(editor.markdown()).toBe(MARKDOWN);
});

test('renames a section in place, keeping its icon and everything under it', () => {
  const editor = renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Rename section Financials' }));
  const input = screen.getByLabelText('Section name');
  expect(document.activeElement).toBe(input);
  fireEvent.change(input, { target: { value: 'Money' } });
  fireEvent.submit(input);
  expect(sectionNames()).toEqual(['Money', 'Legal']);
  expect(editor.markdown()).toBe(MARKDOWN.replace('## Financials {icon=chart}', '## Money {icon=chart}'));
});

test('Escape cancels a rename', () => {
  const editor = renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Rename section Legal' }));
  fireEvent.change(screen.getByLabelText('Section name'), { target: { value: 'Other' } });
  fireEvent.keyDown(screen.getByLabelText('Section name'), { key: 'Escape' });
  expect(sectionNames()).toEqual(['Financials', 'Legal']);
  expect(editor.markdown()).toBe(MARKDOWN);
});

test('reorders sections, and focus stays on the moved section’s button', () => {
  const editor = renderEditor();
  const up = screen.getByRole('button', { name: 'Move section Legal up' });
  up.focus();
  fireEvent.click(up);
  expect(sectionNames()).toEqual(['Legal', 'Financials']);
  expect(editor.room().map(([name]) => name)).toEqual(['Legal', 'Financials']);
  // At the top "up" is disabled: focus lands on the same section's "down".
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move section Legal down' }));
  expect(screen.getByRole('button', { name: 'Move section Legal up' })).toHaveProperty('disabled', true);
});

test('deletes a section after asking, and only that section', () => {
  const editor = renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Delete section Legal' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete the section “Legal”?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete section' }));
  expect(sectionNames()).toEqual(['Financials']);
  expect(editor.markdown()).toBe(
    MARKDOWN.replace('## Legal\n- [Certificate](https://example.com/coi.pdf)\n', ''),
  );
});

test('moves a document by keyboard: its buttons move it, and focus follows it', () => {
  const editor = renderEditor();
  const down = screen.getByRole('button', { name: 'Move Deck down' });
  down.focus();
  // A focused button's Enter or Space is a click.
  fireEvent.click(down);
  expect(documentsIn('Financials')).toEqual(['Financial model (link)', 'Deck', 'Cap table (link)']);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Deck down' }));
  fireEvent.click(document.activeElement as HTMLElement);
  expect(documentsIn('Financials')).toEqual(['Financial model (link)', 'Cap table (link)', 'Deck']);
  // Last in its section: "down" is disabled, focus is on "up".
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Deck up' }));
  expect(editor.room()).toEqual([
    ['Financials', ['Financial model', 'Cap table', 'Deck']],
    ['Legal', ['Certificate']],
  ]);
});

test('moves a document to another section with "Move to…", keeping its line as written', () => {
  const editor = renderEditor();
  const moveTo = screen.getByRole('button', { name: 'Move Deck to another section' });
  fireEvent.click(moveTo);
  expect(moveTo.getAttribute('aria-expanded')).toBe('true');
  // Every other section is offered, and only those.
  expect(
    within(screen.getByRole('group', { name: 'Move Deck to' }))
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Legal', 'Not in a section']);
  fireEvent.click(screen.getByRole('button', { name: 'Move Deck to Legal' }));
  expect(documentsIn('Legal')).toEqual(['Certificate (link)', 'Deck']);
  expect(editor.room()).toEqual([
    ['Financials', ['Financial model', 'Cap table']],
    ['Legal', ['Certificate', 'Deck']],
  ]);
  expect(editor.markdown()).toContain(
    `- [Certificate](https://example.com/coi.pdf)\n- [Deck](${apiPath(documentRoutes.download, { params: { id: DECK_ID } })})\n`,
  );
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Deck to another section' }));
  expect(screen.queryByRole('group', { name: 'Move Deck to' })).toBeNull();
});

/**
 * A pointer's drag from `handle` to `target`: jsdom does no layout, so hit-testing under the pointer
 * answers `target` (as the browser's would where it lies), and the row's box is given.
 */
function dragWithPointer(
  handle: HTMLElement,
  target: Element,
  options: { y?: number; pointerType?: string } = {},
) {
  const pointerType = options.pointerType ?? 'mouse';
  const y = options.y ?? 10;
  const hit = vi.fn(() => target);
  document.elementFromPoint = hit;
  fireEvent.pointerDown(handle, { pointerId: 1, pointerType, button: 0, clientX: 5, clientY: 5 });
  fireEvent.pointerMove(window, { pointerId: 1, pointerType, clientX: 20, clientY: y });
  fireEvent.pointerUp(window, { pointerId: 1, pointerType, clientX: 20, clientY: y });
  expect(hit).toHaveBeenCalledWith(20, y);
}

/** A row 40 px high at the top of the window: its upper half takes its place, its lower half the next. */
function rowAt(title: string) {
  const row = screen.getByText(title, { exact: true }).closest('li') as HTMLElement;
  row.getBoundingClientRect = () => ({
    top: 0,
    height: 40,
    bottom: 40,
    left: 0,
    right: 300,
    width: 300,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return row;
}

const handleOf = (title: string) => screen.getByTitle(`Drag ${title}`);

test('drags a document with the pointer onto another section’s row, and within its section', () => {
  const editor = renderEditor();
  dragWithPointer(handleOf('Cap table'), rowAt('Certificate'), { y: 10 });
  expect(editor.room()).toEqual([
    ['Financials', ['Deck', 'Financial model']],
    ['Legal', ['Cap table', 'Certificate']],
  ]);
  // The lower half of a row: after it. A finger drags as a mouse does.
  dragWithPointer(handleOf('Deck'), rowAt('Financial model'), { y: 30, pointerType: 'touch' });
  expect(editor.room()[0]).toEqual(['Financials', ['Financial model', 'Deck']]);
  // Dropped on the section but on no row: at its end.
  const legal = screen.getByRole('list', { name: 'Documents in Legal' }).closest('li') as HTMLElement;
  dragWithPointer(handleOf('Financial model'), legal);
  expect(editor.room()).toEqual([
    ['Financials', ['Deck']],
    ['Legal', ['Cap table', 'Certificate', 'Financial model']],
  ]);
  // Each handle lets a finger drag instead of scrolling the page.
  expect(handleOf('Deck').style.touchAction).toBe('none');
});

test('a drag released over nothing, or cancelled, changes nothing', () => {
  const editor = renderEditor();
  dragWithPointer(handleOf('Deck'), document.body);
  fireEvent.pointerDown(handleOf('Deck'), { pointerId: 1, pointerType: 'touch', clientX: 5, clientY: 5 });
  fireEvent.pointerCancel(window, { pointerId: 1 });
  fireEvent.pointerUp(window, { pointerId: 1, clientX: 5, clientY: 5 });
  expect(editor.markdown()).toBe(MARKDOWN);
});

test('renames an uploaded document through the server, and a link in the markdown', async () => {
  const onRenameUploaded = vi.fn(async () => {});
  const editor = renderEditor({ onRenameUploaded });
  fireEvent.click(screen.getByRole('button', { name: 'Rename Deck' }));
  fireEvent.change(screen.getByLabelText('Document title'), { target: { value: '  Seed deck  ' } });
  await act(async () => fireEvent.submit(screen.getByLabelText('Document title')));
  expect(onRenameUploaded).toHaveBeenCalledWith(DECK_ID, 'Seed deck');
  // The page's draft follows the server's rename; here, the link to an external file is renamed in the text.
  fireEvent.click(screen.getByRole('button', { name: 'Rename Cap table' }));
  fireEvent.change(screen.getByLabelText('Document title'), { target: { value: 'Cap *table* [v2]' } });
  await act(async () => fireEvent.submit(screen.getByLabelText('Document title')));
  expect(editor.markdown()).toContain('- [Cap \\*table\\* \\[v2\\]](https://example.com/cap.xlsx)');
  expect(editor.room()[0]?.[1]).toEqual(['Deck', 'Financial model', 'Cap *table* [v2]']);
});

test('a refused rename keeps the field open with the server’s reason', async () => {
  const onRenameUploaded = vi.fn(async () => {
    throw new Error('title: must be at most 200 characters');
  });
  renderEditor({ onRenameUploaded });
  fireEvent.click(screen.getByRole('button', { name: 'Rename Deck' }));
  await act(async () => fireEvent.submit(screen.getByLabelText('Document title')));
  expect(screen.getByRole('alert').textContent).toBe('title: must be at most 200 characters');
  expect(screen.getByLabelText('Document title')).toBeTruthy();
});

test('uploads straight into a section', () => {
  const onUpload = vi.fn();
  renderEditor({ onUpload });
  const file = new File(['%PDF-1.7'], 'Term sheet.pdf', { type: 'application/pdf' });
  fireEvent.change(screen.getByLabelText('Files to upload into Legal'), { target: { files: [file] } });
  expect(onUpload).toHaveBeenCalledWith('Legal', [file]);
});

test('a text past the limits offers the markdown editor instead', () => {
  const onEditAsMarkdown = vi.fn();
  render(
    <StructuredSectionsEditor
      markdown={'x'.repeat(1_000_000)}
      onChange={() => {}}
      onRenameUploaded={async () => {}}
      onUpload={() => {}}
      onEditAsMarkdown={onEditAsMarkdown}
    />,
  );
  expect(screen.getByRole('alert').textContent).toMatch(/too long/);
  fireEvent.click(screen.getByRole('button', { name: 'Edit as markdown' }));
  expect(onEditAsMarkdown).toHaveBeenCalled();
});

const MEMO_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const PLAN_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const UPLOADED = [
  { id: DECK_ID, title: 'Deck' },
  { id: MEMO_ID, title: 'Investor memo' },
  { id: PLAN_ID, title: 'Hiring plan' },
];

const trayTitles = () =>
  within(screen.getByRole('list', { name: 'Files not in a section' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent);

test('the tray lists the uploads no section links, and only those', () => {
  renderEditor({ uploadedFiles: UPLOADED });
  expect(screen.getByRole('heading', { name: 'Not in a section' })).toBeTruthy();
  expect(trayTitles()).toEqual(['Investor memo', 'Hiring plan']);
});

test('a file dragged from the tray lands where it is dropped, as one new line', () => {
  const editor = renderEditor({ uploadedFiles: UPLOADED });
  dragWithPointer(handleOf('Investor memo'), rowAt('Financial model'), { y: 10, pointerType: 'touch' });
  expect(editor.room()[0]).toEqual(['Financials', ['Deck', 'Investor memo', 'Financial model', 'Cap table']]);
  expect(editor.markdown()).toBe(
    MARKDOWN.replace(
      '- [Financial model]',
      `- [Investor memo](${apiPath(documentRoutes.download, { params: { id: MEMO_ID } })})\n- [Financial model]`,
    ),
  );
  expect(trayTitles()).toEqual(['Hiring plan']);
});

test('placed by keyboard: "Move to…" in the tray puts the file at the end of the section', () => {
  const editor = renderEditor({ uploadedFiles: UPLOADED });
  fireEvent.click(screen.getByRole('button', { name: 'Move Hiring plan to a section' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move Hiring plan to Legal' }));
  expect(editor.room()[1]).toEqual(['Legal', ['Certificate', 'Hiring plan']]);
  // Focus stays with the file, now in its section.
  expect(document.activeElement).toBe(
    screen.getByRole('button', { name: 'Move Hiring plan to another section' }),
  );
});

test('an upload taken out of its section goes back to the tray, by keyboard or by dragging', () => {
  const editor = renderEditor({ uploadedFiles: UPLOADED });
  fireEvent.click(screen.getByRole('button', { name: 'Move Deck to another section' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move Deck to no section' }));
  expect(editor.markdown()).toBe(
    MARKDOWN.replace(`- [Deck](${apiPath(documentRoutes.download, { params: { id: DECK_ID } })})\n`, ''),
  );
  expect(trayTitles()).toEqual(['Deck', 'Investor memo', 'Hiring plan']);
  dragWithPointer(handleOf('Deck'), rowAt('Certificate'), { y: 30 });
  expect(editor.room()[1]).toEqual(['Legal', ['Certificate', 'Deck']]);
  dragWithPointer(handleOf('Deck'), screen.getByRole('list', { name: 'Files not in a section' }));
  expect(editor.room()[1]).toEqual(['Legal', ['Certificate']]);
  // A link to another site is no upload: it has no place outside the text, so it cannot be taken out.
  fireEvent.click(screen.getByRole('button', { name: 'Move Certificate to another section' }));
  expect(screen.queryByRole('button', { name: 'Move Certificate to no section' })).toBeNull();
});

test('a file in no section can be renamed', async () => {
  const onRenameUploaded = vi.fn(async () => {});
  renderEditor({ uploadedFiles: UPLOADED, onRenameUploaded });
  fireEvent.click(screen.getByRole('button', { name: 'Rename Hiring plan' }));
  fireEvent.change(screen.getByLabelText('Document title'), { target: { value: 'Hiring plan 2027' } });
  await act(async () => fireEvent.submit(screen.getByLabelText('Document title')));
  expect(onRenameUploaded).toHaveBeenCalledWith(PLAN_ID, 'Hiring plan 2027');
});

test('files from the computer dropped on a section are uploaded into it', () => {
  const onUpload = vi.fn();
  renderEditor({ onUpload });
  const file = new File(['%PDF-1.7'], 'Term sheet.pdf', { type: 'application/pdf' });
  const legal = screen.getByRole('list', { name: 'Documents in Legal' }).closest('li') as HTMLElement;
  const dataTransfer = { types: ['Files'], files: [file], getData: () => '' };
  fireEvent.dragOver(legal, { dataTransfer });
  fireEvent.drop(legal, { dataTransfer });
  expect(onUpload).toHaveBeenCalledWith('Legal', [file]);
});

test('a section’s icon is chosen from the picker and written on its heading', () => {
  const editor = renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Icon of Legal: Gavel. Change it' }));
  const picker = screen.getByRole('group', { name: 'Icon of Legal' });
  expect(within(picker).getByRole('button', { name: 'Gavel' }).getAttribute('aria-pressed')).toBe('true');
  fireEvent.click(within(picker).getByRole('button', { name: 'Folder' }));
  expect(editor.markdown()).toBe(MARKDOWN.replace('## Legal\n', '## Legal {icon=folder}\n'));
  expect(screen.getByRole('button', { name: 'Icon of Legal: Folder. Change it' })).toBeTruthy();
});
