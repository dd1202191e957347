import { expect, test } from 'vitest';
import { uploadedDocumentPath } from '#shared/sections-markdown';
import { apiPath, apiRoute } from './api-route';
import { documentRoutes } from './documents';
import { exportHref } from './exports';
import { ndaRecordPath } from './nda';
import { previewRoutes } from './previews';
import { roomRoutes } from './rooms';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

test('a URL has each parameter of its path, encoded', () => {
  expect(apiPath(previewRoutes.page, { params: { id: ID, page: 2 } })).toBe(`/api/documents/${ID}/pages/2`);
  expect(apiPath(apiRoute('GET', '/api/data-room/invite/:token'), { params: { token: 'a/b c?' } })).toBe(
    '/api/data-room/invite/a%2Fb%20c%3F',
  );
});

test('a parameter left out is refused, naming the route and the parameter', () => {
  const call = apiPath as (route: unknown, parts?: object) => string;
  expect(() => call(documentRoutes.rename, { params: {} })).toThrow(
    'POST /api/documents/:id/title needs the parameter id',
  );
});

test('the query keeps the order given, encodes like the path, and leaves out what has no value', () => {
  expect(
    apiPath(previewRoutes.page, { params: { id: ID, page: 1 }, query: { layout: 'narrow', width: 800 } }),
  ).toBe(`/api/documents/${ID}/pages/1?layout=narrow&width=800`);
  expect(apiPath(previewRoutes.content, { params: { id: ID }, query: { width: undefined } })).toBe(
    `/api/documents/${ID}/preview/content`,
  );
  expect(
    apiPath(roomRoutes.click, { params: { id: ID }, query: { url: 'https://example.com/a b?x=1&y=2' } }),
  ).toBe(`/api/data-room/${ID}/click?url=https%3A%2F%2Fexample.com%2Fa%20b%3Fx%3D1%26y%3D2`);
  expect(exportHref('access-log', { from: '2026-11-01', to: '' })).toBe(
    '/api/admin/exports/access-log.csv?from=2026-11-01',
  );
});

test('the links written into the sections, and the NDA records, are the declared routes', () => {
  expect(uploadedDocumentPath(ID)).toBe(apiPath(documentRoutes.download, { params: { id: ID } }));
  expect(ndaRecordPath(ID)).toBe(`/api/admin/nda-acceptances/${ID}/record.pdf`);
});
