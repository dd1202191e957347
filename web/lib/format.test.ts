import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLastUpdated, formatUpdated } from './format';

describe('formatLastUpdated', () => {
  const now = new Date(2026, 2, 4, 15, 0);

  it('says Today for any time on the same local day', () => {
    expect(formatLastUpdated(new Date(2026, 2, 4, 0, 1).toISOString(), now)).toBe('Today');
    expect(formatUpdated(new Date(2026, 2, 4, 23, 59).toISOString(), now)).toBe('Updated today');
  });

  it('gives the date otherwise', () => {
    expect(formatLastUpdated(new Date(2026, 2, 3, 23, 59).toISOString(), now)).toBe('Mar 3, 2026');
    expect(formatUpdated(new Date(2025, 11, 31, 12).toISOString(), now)).toBe('Updated Dec 31, 2025');
  });

  it('does not crash on a bad date', () => {
    expect(formatLastUpdated('not a date', now)).toBe('—');
  });
});

describe('formatDateTime', () => {
  const now = new Date(2026, 2, 4, 15, 0);

  it('gives the time, after Today when it is today', () => {
    expect(formatDateTime(new Date(2026, 2, 4, 9, 5).toISOString(), now)).toBe('Today, 9:05 AM');
    expect(formatDateTime(new Date(2026, 2, 4, 23, 59).toISOString(), now)).toBe('Today, 11:59 PM');
  });

  it('gives the date and the time on another day', () => {
    expect(formatDateTime(new Date(2026, 2, 3, 15, 30).toISOString(), now)).toBe('Mar 3, 2026, 3:30 PM');
    expect(formatDateTime(new Date(2025, 11, 31, 0, 0).toISOString(), now)).toBe('Dec 31, 2025, 12:00 AM');
  });

  it('does not crash on a bad date', () => {
    expect(formatDateTime('not a date', now)).toBe('—');
  });
});
