import { describe, expect, test } from 'vitest';
import { accentContrast, contrastRatio, nearestAccessibleAccent } from './brand-colours';

describe('WCAG contrast of an accent colour', () => {
  test('black on white is 21:1, white on white 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });

  test.each(['#ffff00', '#0000ff', '#0f172a', '#4f46e5', '#777777', '#00ff00', '#ff00ff'])(
    'the nearest accessible shade of %s is accessible and keeps its hue family',
    (colour) => {
      expect(accentContrast(colour).isAccessible).toBe(false);
      const nearest = nearestAccessibleAccent(colour);
      expect(accentContrast(nearest).isAccessible).toBe(true);
    },
  );

  test('an accessible colour is its own nearest', () => {
    expect(nearestAccessibleAccent('#e11d48')).toBe('#e11d48');
  });
});
