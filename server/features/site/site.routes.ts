import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config';
import { siteInfoSchema } from '#shared/contracts/site';

/** Installation facts the public pages show, read from configuration so self-hosters set their own. */
export function siteRoutes(config: Config): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/site', { schema: { response: { 200: siteInfoSchema } } }, async () => ({
      supportEmail: config.supportEmail,
      uploadMaxBytes: config.uploadMaxBytes,
    }));
  };
}
