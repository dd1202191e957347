import { expect, test } from 'vitest';
import type { SessionRow } from '#server/features/accounts/accounts.tables';
import type { DataRoomRow } from '#server/features/rooms/rooms.tables';
import { fromRow, toRow } from './columns';

const row: DataRoomRow = {
  id: 'room-1',
  owner_id: 'user-1',
  company_name: 'Orbit Health',
  description: '',
  stage: 'Seed',
  founded_year: null,
  website: '',
  is_active: 1,
  is_download_allowed: 0,
  is_nda_required: 1,
  nda_version_id: null,
  is_watermark_enabled: 1,
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_001,
};

test('a row becomes a camelCase object: timestamps are Dates, flags booleans, nulls stay null', () => {
  expect(fromRow(row)).toEqual({
    id: 'room-1',
    ownerId: 'user-1',
    companyName: 'Orbit Health',
    description: '',
    stage: 'Seed',
    foundedYear: null,
    website: '',
    isActive: true,
    isDownloadAllowed: false,
    isNdaRequired: true,
    ndaVersionId: null,
    isWatermarkEnabled: true,
    createdAt: new Date(1_700_000_000_000),
    updatedAt: new Date(1_700_000_000_001),
  });
  expect(fromRow({ ...row, is_active: 0 }).isActive).toBe(false);
});

test('an object becomes the row it came from, and a partial one only the columns it names', () => {
  expect(toRow<DataRoomRow>(fromRow(row))).toEqual(row);
  const at = new Date(5);
  expect(toRow<SessionRow>({ revokedAt: at, userAgent: undefined })).toEqual({ revoked_at: 5 });
  expect(toRow<DataRoomRow>({ isActive: false, foundedYear: null })).toEqual({
    is_active: 0,
    founded_year: null,
  });
});
