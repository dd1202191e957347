import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config';
import { serveRoute } from '#server/plugins/contract-routes';
import { siteRoutes as routes } from '#shared/contracts/site';

/** Installation facts the public pages show, read from configuration so self-hosters set their own. */
export function siteRoutes(config: Config): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.info, {
      handler: async () => ({
        supportEmail: config.supportEmail,
        uploadMaxBytes: config.uploadMaxBytes,
      }),
    });
  };
}
