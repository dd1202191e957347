import { expect, test } from 'vitest';
import {
  CONSOLE_PLACES,
  consoleHref,
  consoleLinkOf,
  consolePlacesFor,
  consolePositionOf,
  placeLinkOf,
} from './console-places';

const placeAt = (url: string, role: 'owner' | 'editor' = 'owner') => {
  const [pathname = '', query = ''] = url.split('?');
  const position = consolePositionOf(pathname, query ? `?${query}` : '', consolePlacesFor(role));
  return position && `${position.place.id}/${position.subPlace?.id ?? '-'}`;
};

test('every link of the navigation opens the place and sub-place it names', () => {
  for (const place of CONSOLE_PLACES) {
    for (const subPlace of place.subPlaces) {
      expect(placeAt(consoleHref(subPlace.to))).toBe(`${place.id}/${subPlace.id}`);
    }
  }
});

test('the spec pages keep their URLs: /admin is the dashboard, /configure its files, /setup-data-room the company', () => {
  expect(placeAt('/admin')).toBe('dashboard/overview');
  expect(placeAt('/configure')).toBe('documents/files');
  expect(placeAt('/setup-data-room')).toBe('room/company');
});

test('a thing the spec shows on two pages belongs to one place, whichever page shows it', () => {
  expect(placeAt('/configure?tab=sections')).toBe('room/sections');
  expect(placeAt('/setup-data-room?tab=sections')).toBe('room/sections');
  expect(placeAt('/configure?tab=files')).toBe('documents/files');
  expect(placeAt('/setup-data-room?tab=files')).toBe('documents/files');
});

test('tabs of the spec pages are sub-places of the places they belong to', () => {
  expect(placeAt('/configure?tab=invites')).toBe('investors/invitations');
  expect(placeAt('/configure?tab=notify')).toBe('investors/notify');
  expect(placeAt('/setup-data-room?tab=settings')).toBe('settings/room-settings');
  expect(placeAt('/setup-data-room?tab=api')).toBe('settings/api');
  expect(placeAt('/setup-data-room?tab=company')).toBe('room/company');
});

test('what left /admin has a place of its own: investors and NDAs in Investors, the team in Settings', () => {
  expect(placeAt('/admin/investors')).toBe('investors/people');
  expect(placeAt('/admin/questions')).toBe('investors/questions');
  expect(placeAt('/admin/team')).toBe('settings/team');
  expect(placeAt('/admin/team/')).toBe('settings/team');
});

test('a manager’s passkeys and sessions are Settings’ Security, for co-founders too', () => {
  expect(placeAt('/security')).toBe('settings/security');
  expect(placeAt('/security', 'editor')).toBe('settings/security');
});

test('the analytics of one document or one investor stay in Analytics', () => {
  expect(placeAt('/admin/analytics')).toBe('analytics/reading');
  expect(placeAt('/admin/analytics/documents/3e2d1c0b-4a5f-4b6c-8d7e-9f0a1b2c3d4e')).toBe('analytics/-');
  expect(placeAt('/admin/analytics/investors/3e2d1c0b-4a5f-4b6c-8d7e-9f0a1b2c3d4e')).toBe('analytics/-');
});

test('an unknown tab is the page’s first tab, as the page itself shows it', () => {
  expect(placeAt('/configure?tab=nonsense')).toBe('documents/files');
  expect(placeAt('/setup-data-room?tab=')).toBe('room/company');
});

test('pages outside the console have no place in it', () => {
  for (const url of ['/investor-dashboard', '/data-room', '/preview', '/app', '/docs', '/']) {
    expect(placeAt(url)).toBeNull();
  }
});

test('a co-founder sees every place but the owner’s Team', () => {
  const editor = consolePlacesFor('editor');
  expect(editor.map((place) => place.id)).toEqual(CONSOLE_PLACES.map((place) => place.id));
  const settings = editor.find((place) => place.id === 'settings');
  expect(settings?.subPlaces.map((subPlace) => subPlace.id)).toEqual(['room-settings', 'api', 'security']);
  expect(placeAt('/admin/team', 'editor')).toBeNull();
  const owner = consolePlacesFor('owner').find((place) => place.id === 'settings');
  expect(owner?.subPlaces.map((subPlace) => subPlace.id)).toEqual([
    'room-settings',
    'api',
    'team',
    'security',
  ]);
});

test('Export CSV is in Analytics, and groups with who sees each section are in Room', () => {
  expect(placeAt('/admin/analytics/export')).toBe('analytics/export');
  expect(placeAt('/setup-data-room?tab=groups')).toBe('room/groups');
  const investors = CONSOLE_PLACES.find((place) => place.id === 'investors');
  expect(investors?.subPlaces.map((subPlace) => subPlace.label)).not.toContain('Export CSV');
});

test('a link stays on the page on screen when that page shows its place too', () => {
  const place = (id: string) => {
    const found = CONSOLE_PLACES.find((candidate) => candidate.id === id);
    if (!found) throw new Error(id);
    return found;
  };
  const files = place('documents').subPlaces[0];
  if (!files) throw new Error('files');
  expect(consoleLinkOf(files, '/setup-data-room')).toBe('/setup-data-room?tab=files');
  expect(consoleLinkOf(files, '/admin')).toBe('/configure');
  expect(placeLinkOf(place('room'), '/configure')).toBe('/configure?tab=sections');
  expect(placeLinkOf(place('room'), '/admin')).toBe('/setup-data-room');
  expect(placeLinkOf(place('investors'), '/setup-data-room')).toBe('/configure?tab=invites');
  expect(placeLinkOf(place('documents'), '/setup-data-room/')).toBe('/setup-data-room?tab=files');
});
