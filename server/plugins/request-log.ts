import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in URLs, in one list (ADR 74): whoever reads the request logs must not be able to
 * sign in with an unused link, open an invited room, enter by a share link or its mailed proof, or
 * unsubscribe someone. Request logs keep the rest of the URL.
 */
export const SECRET_QUERY_PARAMETERS = ['token', 'invite', 'proof', 'code'] as const;
/** Path prefixes whose next segment is a secret: an invitation's token, a share link's token. */
export const SECRET_PATH_PREFIXES = ['/api/data-room/invite/', '/api/share/', '/share/'] as const;

const SECRET_IN_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#]*`, 'gi');
const SECRET_IN_PATH = new RegExp(
  `^((?:${SECRET_PATH_PREFIXES.map((prefix) => prefix.replace(/[/]/g, '\\/')).join('|')}))[^/?#]+`,
  'i',
);

export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_IN_QUERY, '$1[redacted]').replace(SECRET_IN_PATH, '$1[redacted]');
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
