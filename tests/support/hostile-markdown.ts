import { SECTIONS_LIMITS } from '#shared/sections-markdown';

/**
 * The slowest text to parse that the limits accept, among the shapes of tests/api/hostile-markdown:
 * every link the limit allows, each in its own list item, then the rest of the markup the limits
 * allow as emphasis (the costliest per character), then prose up to the size limit.
 */
export function worstAcceptedSectionsText(): string {
  const links = Array.from(
    { length: SECTIONS_LIMITS.maxLinks },
    (_, i) => `- [Document ${i}](https://files.example.com/${i}.pdf)`,
  ).join('\n');
  const emphasis = '*a'.repeat(64);
  const marksLeft = SECTIONS_LIMITS.maxMarks - 2 * SECTIONS_LIMITS.maxLinks;
  const emphases = Array.from({ length: Math.floor(marksLeft / 64) }, () => emphasis).join('\n\n');
  const prose = 'Revenue grew in the last quarter; the model and the notes give the detail.\n';
  const text = `## Data\n${links}\n\n${emphases}\n\n`;
  return text + prose.repeat(Math.floor((SECTIONS_LIMITS.maxLength - text.length) / prose.length));
}
