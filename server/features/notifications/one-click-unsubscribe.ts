import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { HttpError } from '#server/plugins/errors';
import { authRateLimit } from '#server/plugins/rate-limits';
import { unsubscribeQuerySchema } from '#shared/contracts/notifications';

/**
 * RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` (a form) to the header's URL,
 * which is also the page a browser opens with GET (a web page that asks first). Not an /api route, so
 * not in shared/contracts nor the API's description: a mail header's address. No session is needed: the
 * token is the only credential, and `unsubscribe` says in a sentence what it stopped (or throws a 404).
 * Every mail with a List-Unsubscribe header is answered here, the founders' and the askers' alike.
 */
export async function serveOneClickUnsubscribe(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  unsubscribe: (token: string) => Promise<string>,
): Promise<void> {
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    oneClick.post(
      path,
      {
        config: { rateLimit: authRateLimit(ctx.config) },
        schema: {
          querystring: z.object({ token: z.string().optional() }),
          response: { 200: z.string(), 404: z.string() },
        },
      },
      async (request, reply) => {
        reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
        const token = unsubscribeQuerySchema.safeParse(request.query);
        try {
          if (!token.success) throw new HttpError(404, 'unsubscribe_link_invalid', '');
          return reply.status(200).send(`${await unsubscribe(token.data.token)}\n`);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
          return reply.status(404).send(`${error.message || 'This unsubscribe link is not valid.'}\n`);
        }
      },
    );
  });
}
