import { describe, expect, it } from 'vitest';
import { formatLastUpdated, formatUpdated } from './format';

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
