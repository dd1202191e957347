import { isPageRoute, paths } from './routes';

/** Longer than any page URL the app makes; a longer value is refused rather than cut. */
export const RETURN_TO_MAX_LENGTH = 1000;

/** An origin no real site has: a value that resolves anywhere else is not a path of ours. */
const PROBE_ORIGIN = 'https://roundroom.invalid';

/** Pages a sign-in must not return to: they would sign in again, or loop. */
const NOT_A_DESTINATION: ReadonlySet<string> = new Set([paths.login, paths.verify]);

/** A backslash, whitespace, or a control character (C0 and DEL). */
function isRefusedCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return character === '\\' || /\s/.test(character) || code < 0x20 || code === 0x7f;
}

/**
 * The place a sign-in returns to (docs/decisions/0055-invitation-as-credential.md): only a same-site
 * relative path to a page the app serves, with its query and hash, or null. Everything that a browser
 * could read as another site is refused outright, not repaired: `//host`, `/\host`, a scheme, and any
 * backslash, whitespace or control character (browsers drop tabs and newlines inside URLs, so `/\t/host`
 * would become `//host`).
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_TO_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if ([...value].some(isRefusedCharacter)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Checked as a browser will read it, after normalisation (ADR 74): `/.//admin` is `//admin` there, a
  // host. A value the parser changes (dot segments, encoded dots or slashes) is refused, not repaired.
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  if (url.pathname.startsWith('//') || normalised !== value || /%2e|%2f|%5c/i.test(url.pathname)) return null;
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  if (!isPageRoute(pathname) || NOT_A_DESTINATION.has(pathname)) return null;
  return normalised;
}
