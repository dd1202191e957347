import { z } from 'zod';

export const FUNDING_STAGES = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Growth'] as const;
export const DEFAULT_FUNDING_STAGE = 'Series A';

export const accessibleDataRoomSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  name: z.string(),
  fundingStage: z.string(),
  companyDescription: z.string(),
  foundedYear: z.number().nullable(),
  website: z.string(),
});
export type AccessibleDataRoom = z.infer<typeof accessibleDataRoomSchema>;

export const accessibleDataRoomsResponseSchema = z.object({ dataRooms: z.array(accessibleDataRoomSchema) });

/** GET /api/my-data-room: the signed-in founder's own room (spec section 7). */
export const myDataRoomSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  description: z.string(),
  stage: z.string(),
  foundedYear: z.number().nullable(),
  website: z.string(),
  isActive: z.boolean(),
});
export type MyDataRoom = z.infer<typeof myDataRoomSchema>;
