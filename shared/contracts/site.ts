import { z } from 'zod';

/** Public facts about this installation that the static pages show (legal pages, support). */
export const siteInfoSchema = z
  .object({
    supportEmail: z.email(),
  })
  .meta({ examples: [{ supportEmail: 'support@roundroom.app' }] });

export type SiteInfo = z.infer<typeof siteInfoSchema>;
