import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in URLs: a magic link's `/verify?token=`, an invitation's `/data-room?invite=`
 * and the invited view's `/api/data-room/invite/:token/...`. Request logs keep the rest of the URL, so
 * whoever reads the logs can neither sign in with an unused link nor open an invited room.
 */
const SECRET_IN_QUERY = /([?&](?:token|invite)=)[^&#]*/gi;
const SECRET_IN_PATH = /(\/api\/data-room\/invite\/)[^/?#]+/i;

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
