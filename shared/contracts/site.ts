import { z } from 'zod';
import { apiRoute } from './api-route';

/** Public facts about this installation that the static pages show (legal pages, support). */
export const siteInfoSchema = z
  .object({
    supportEmail: z.email(),
    /** The largest file one upload may be (UPLOAD_MAX_MB), so the console refuses a larger one at once. */
    uploadMaxBytes: z.number().int().positive(),
  })
  .meta({ examples: [{ supportEmail: 'support@roundroom.app', uploadMaxBytes: 52428800 }] });

export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** The installation's public facts (docs/decisions/0065-query-keys-and-api-routes.md). */
export const siteRoutes = {
  info: apiRoute('GET', '/api/site', { answer: siteInfoSchema }),
};
