import { z } from 'zod';

/** 'is required' when the field is missing, otherwise what it should have been. */
const requiredOr = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : expected;

/**
 * Characters no text field stores, and why: control characters (PostgreSQL refuses NUL in text; the
 * others are invisible, break a line of a log or a header), unpaired UTF-16 surrogates (not Unicode:
 * stored, they come back as U+FFFD), and the bidirectional overrides and isolates that make a name
 * display as something else ("invoice‮fdp.exe"). Multi-line text keeps its tabs and line breaks.
 */
const DIRECTION_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
const UNSAFE_IN_A_LINE = new RegExp(`[\\p{Cc}\\p{Cs}${DIRECTION_CONTROLS}]`, 'u');
const UNSAFE_IN_TEXT = new RegExp(`[\\p{Cs}${DIRECTION_CONTROLS}]|(?![\\t\\n\\r])\\p{Cc}`, 'u');

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

function describeCharacter(char: string): string {
  if (/\p{Cs}/u.test(char)) return 'an unpaired surrogate (text that is not valid Unicode)';
  if (/\p{Cc}/u.test(char)) return `the control character ${codePoint(char)}`;
  return `the invisible text-direction control ${codePoint(char)}`;
}

/** Why `value` may not be stored as text, or undefined when it may (multi-line: the line is named). */
export function unsafeCharacterProblem(value: string, multiline: boolean): string | undefined {
  const match = (multiline ? UNSAFE_IN_TEXT : UNSAFE_IN_A_LINE).exec(value);
  if (!match) return undefined;
  const where = multiline ? `line ${value.slice(0, match.index).split('\n').length} ` : '';
  return `${where}contains ${describeCharacter(match[0])}, which cannot be saved`;
}

/** One-line text with each unsafe character replaced, for names we clean rather than refuse (file names). */
export function replaceUnsafeCharacters(value: string, replacement: string): string {
  return value.replace(new RegExp(UNSAFE_IN_A_LINE.source, 'gu'), replacement);
}

/** A zod check that refuses what unsafeCharacterProblem finds. */
export const noUnsafeCharacters = (multiline: boolean) => (ctx: z.core.ParsePayload<string>) => {
  const problem = unsafeCharacterProblem(ctx.value, multiline);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
};

/**
 * An e-mail address as everyone stores and compares it: trimmed and lower case, so 'Ann@X.com ' and
 * 'ann@x.com' are one person. ASCII only, checked before lower-casing (which turns the Kelvin sign
 * into a 'k'): a Unicode address needs SMTPUTF8 from every relay on its way, and mixed-script look-alikes
 * ('exаmple.com' with a Cyrillic 'а') are a phishing tool; an internationalised domain is accepted in
 * its ASCII (xn--) form. At most 64 characters before the @ and 254 in all (the SMTP limits).
 */
export const emailField = z
  .string({ error: requiredOr('must be an e-mail address') })
  .trim()
  .refine(
    (email) => !/[^\p{ASCII}]/u.test(email),
    'must be written in ASCII characters (an internationalised domain in its xn-- form)',
  )
  .toLowerCase()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .refine((email) => email.lastIndexOf('@') <= 64, 'must have at most 64 characters before the @')
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

/** Required one-line text: trimmed, not empty, bounded, nothing invisible. */
export function requiredText(max: number, requiredMessage = 'is required') {
  return z
    .string({ error: requiredOr('must be text') })
    .trim()
    .min(1, requiredMessage)
    .max(max, `must be at most ${max} characters`)
    .check(noUnsafeCharacters(false));
}

/** Optional one-line text, such as a person's name: trimmed, bounded, nothing invisible. */
export function optionalText(max: number) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .check(noUnsafeCharacters(false))
    .optional();
}

/** Text of several lines (a description, markdown): bounded, tabs and line breaks allowed. */
export function multilineText(max: number, options: { trim: boolean }) {
  const text = z.string({ error: requiredOr('must be text') });
  return (options.trim ? text.trim() : text)
    .max(max, `must be at most ${max} characters`)
    .check(noUnsafeCharacters(true));
}

/** ISO-8601 timestamps on the wire. */
export const isoDateTime = z.iso.datetime();
