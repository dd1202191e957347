import { DEFAULT_FUNDING_STAGE } from './contracts/rooms';
import { SECOND_MS } from './durations';

// What a sections parse answers without parsing, apart from the parser (sections-markdown.ts re-exports
// it): the browser's parse scheduler needs these, and a reader's page must not load the parser itself
// (docs/decisions/0075-the-investors-first-screen.md).

/** The company a room shows until its "Company Information" section names one. */
export const DEFAULT_COMPANY = {
  name: 'Your Company',
  stage: DEFAULT_FUNDING_STAGE,
  description: 'Secure document sharing for investors and stakeholders',
} as const;

/** What a parse whose worker died (out of memory, say) answers, on the server and in the browser. */
export const SECTIONS_TOO_COMPLEX_MESSAGE = 'This text is too complex to read. Remove deeply nested parts.';

/**
 * What a parse that ran past its time limit answers (ADR 26): the server's worker pool refuses the save
 * with it, and the browser's preview shows it when its parsing worker is stopped.
 */
export function sectionsParseTimeoutMessage(limitMs: number): string {
  return `This text takes too long to read (more than ${limitMs / SECOND_MS} s). Split long paragraphs and lists, or remove deeply nested parts.`;
}
