import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { fileTypeFromName } from '#shared/file-types';
import { UPLOAD_EXTENSIONS } from '#shared/uploads';
import { AddingDocumentsTopic, DocumentUploadTopic } from './docs-content';

afterEach(cleanup);

const renderTopic = (topic: () => React.JSX.Element) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', Component: topic }])} />);

test('the file-type table lists every uploadable extension under the type it is shown as', () => {
  renderTopic(AddingDocumentsTopic);
  const table = screen.getByRole('table', { name: 'File type detection' });
  const rows = new Map(
    within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent ?? ''),
      )
      .filter((cells) => cells.length === 2)
      .map(([shownAs = '', from = '']) => [shownAs, from.split(', ')]),
  );
  for (const extension of UPLOAD_EXTENSIONS) {
    const shownAs = fileTypeFromName(`file.${extension}`).toUpperCase();
    expect(rows.get(shownAs), `.${extension} as ${shownAs}`).toContain(`.${extension}`);
  }
});

test('the accepted types are the list the server enforces', () => {
  renderTopic(DocumentUploadTopic);
  const listed = within(screen.getByRole('list', { name: 'Accepted file types' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  expect(listed).toEqual(UPLOAD_EXTENSIONS.map((extension) => `.${extension}`));
  expect(screen.getByText('50MB')).toBeTruthy();
});
