/**
 * A room's accent colour and WCAG 2.2's contrast formula (docs/decisions/0094-the-founders-brand.md),
 * shared so that the console checks a colour as it is typed exactly as the server checks it when saved.
 *
 * The accent is drawn two ways: as the background of buttons under white text (and as links and
 * headings on the white page: the same pair), which needs 4.5:1 against white (AA for normal text); and
 * as links beside the body text, told from it by colour alone, which needs 3:1 against the text colour
 * (WCAG technique G183).
 */

/** The pages' body text (Tailwind's slate-900), which links in the accent colour sit beside. */
export const TEXT_COLOUR = '#0f172a';
export const MIN_CONTRAST_WITH_WHITE = 4.5;
export const MIN_CONTRAST_WITH_TEXT = 3;

/** `#rrggbb`, lower case: the one form an accent is stored and answered in. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = (rgb: Rgb) =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** WCAG's relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

export interface AccentContrast {
  withWhite: number;
  withText: number;
  isAccessible: boolean;
}

/** How an accent reads against white and against the text colour, each ratio rounded down to 2 places. */
export function accentContrast(hex: string): AccentContrast {
  const withWhite = contrastRatio(hex, '#ffffff');
  const withText = contrastRatio(hex, TEXT_COLOUR);
  return {
    withWhite: Math.floor(withWhite * 100) / 100,
    withText: Math.floor(withText * 100) / 100,
    isAccessible: withWhite >= MIN_CONTRAST_WITH_WHITE && withText >= MIN_CONTRAST_WITH_TEXT,
  };
}

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/**
 * The accessible colour nearest to `hex` of the same hue: its lightness moved as little as will do, and
 * where no lightness will (a saturated blue is too dark to stand out from the text), its saturation
 * lowered step by step as well. An accessible colour is its own nearest.
 */
export function nearestAccessibleAccent(hex: string): string {
  if (accentContrast(hex).isAccessible) return hex;
  const [h, s, l] = rgbToHsl(hexToRgb(hex));
  for (let saturation = s; saturation >= 0; saturation -= 0.05) {
    let best: { colour: string; distance: number } | undefined;
    for (let step = 0; step <= 1000; step++) {
      const lightness = step / 1000;
      const colour = toHex(hslToRgb(h, saturation, lightness));
      if (!accentContrast(colour).isAccessible) continue;
      const distance = Math.abs(lightness - l);
      if (!best || distance < best.distance) best = { colour, distance };
    }
    if (best) return best.colour;
  }
  return toHex(hslToRgb(h, 0, 0.42));
}

/**
 * Tailwind's indigo, which the pages' buttons, badges and links are drawn in, as shades of the accent
 * (CSS custom properties): the accent itself where Roundroom uses 500 and 600, tints mixed with white
 * for light backgrounds and borders, darker mixes for hover and for text on those tints. The web's brand
 * scope and the server's first screen set the same ones.
 */
export function accentCssVariables(accent: string): Record<string, string> {
  const tint = (percent: number) => `color-mix(in oklab, ${accent} ${percent}%, white)`;
  const shade = (percent: number) => `color-mix(in oklab, ${accent} ${percent}%, black)`;
  return {
    '--color-indigo-50': tint(8),
    '--color-indigo-100': tint(16),
    '--color-indigo-200': tint(30),
    '--color-indigo-300': tint(50),
    '--color-indigo-500': accent,
    '--color-indigo-600': accent,
    '--color-indigo-700': shade(85),
    '--color-indigo-800': shade(70),
    '--color-indigo-900': shade(55),
    '--color-indigo-950': shade(40),
  };
}
