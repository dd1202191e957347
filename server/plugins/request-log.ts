import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in URLs, in one list (ADR 74): whoever reads the request logs must not be able to
 * sign in with an unused link, open an invited room, enter by a share link or its mailed proof, or
 * unsubscribe someone. Request logs keep the rest of the URL.
 */
export const SECRET_QUERY_PARAMETERS = ['token', 'invite', 'proof', 'code', 'returnTo'] as const;
// `returnTo` is a page path, but the page may be an invitation's or a share link's with its secret in it
// (the sign-in page is opened with the place that asked, query included): it is redacted whole.
/** Path prefixes whose next segment is a secret: an invitation's token, a share link's token. */
export const SECRET_PATH_PREFIXES = ['/api/data-room/invite/', '/api/share/', '/share/'] as const;

const SECRET_PATHS = SECRET_PATH_PREFIXES.map((prefix) => prefix.split('/').filter(Boolean));
const QUERY_PAIR = /([?&])([^=&#]*)=([^&#]*)/g;

/**
 * The URL as the log shows it. Secrets are found in the URL as the router and browsers read it, not as
 * spelt (docs/security.md, CSRF): `/%61pi/share/<token>`, `//share/<token>` or `?%70roof=` name the same
 * secret as the plain spelling, so a path is compared after decoding its escapes and resolving its dot
 * and empty segments, and a parameter's name after decoding. A path that holds a secret is logged in that
 * resolved form with the secret replaced; every other path is logged as it came.
 */
export function redactUrlSecrets(url: string): string {
  const pathEnd = url.search(/[?#]/);
  const path = pathEnd === -1 ? url : url.slice(0, pathEnd);
  const rest = pathEnd === -1 ? '' : url.slice(pathEnd);
  return redactPath(path) + rest.replace(QUERY_PAIR, redactPair);
}

function redactPath(path: string): string {
  const segments: string[] = [];
  for (const segment of decodeAsciiEscapes(path).split(/[/\\]/)) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  const prefix = SECRET_PATHS.find(
    (names) =>
      segments.length > names.length && names.every((name, index) => segments[index]?.toLowerCase() === name),
  );
  if (!prefix) return path;
  segments[prefix.length] = '[redacted]';
  return `/${segments.join('/')}`;
}

const SECRET_QUERY_NAMES = new Set(SECRET_QUERY_PARAMETERS.map((name) => name.toLowerCase()));

function redactPair(pair: string, separator: string, name: string): string {
  const decoded = decodeAsciiEscapes(name.replace(/\+/g, ' ')).toLowerCase();
  return SECRET_QUERY_NAMES.has(decoded) ? `${separator}${name}=[redacted]` : pair;
}

/**
 * Decodes the %-escapes of ASCII characters, as often as they nest (`%2561` is `%61`, then `a`): every
 * name of the lists is ASCII, and a decoder that never throws cannot be made to skip a malformed URL.
 */
function decodeAsciiEscapes(text: string): string {
  let decoded = text;
  for (let previous = ''; decoded !== previous; ) {
    previous = decoded;
    decoded = previous.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  return decoded;
}

/** Fastify's request log fields, with the URL's secrets redacted. */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
