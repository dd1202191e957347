/**
 * The icons a section can have (docs/product-rules.md#sections-markdown); unknown names fall back to
 * chart-line.
 */
export const SECTION_ICONS = [
  'folder',
  'chart-line',
  'gavel',
  'cogs',
  'chart-bar',
  'users',
  'laptop-code',
] as const;
export type SectionIcon = (typeof SECTION_ICONS)[number];

export const DEFAULT_SECTION_ICON: SectionIcon = 'chart-line';

/** The icon the structured editor writes for a section it adds: neutral, for the founder to change. */
export const NEW_SECTION_ICON: SectionIcon = 'folder';

/** docs/product-rules.md#sections-markdown: inferred from the section's name when it names no icon. */
const INFERRED: [RegExp, SectionIcon][] = [
  [/financ/i, 'chart-line'],
  [/legal/i, 'gavel'],
  [/business|operation|plan/i, 'cogs'],
  [/market/i, 'chart-bar'],
  [/team|people/i, 'users'],
  [/tech|product/i, 'laptop-code'],
];

export function isSectionIcon(value: string): value is SectionIcon {
  return (SECTION_ICONS as readonly string[]).includes(value);
}

export function inferSectionIcon(name: string): SectionIcon {
  return INFERRED.find(([pattern]) => pattern.test(name))?.[1] ?? DEFAULT_SECTION_ICON;
}
