import { z } from 'zod';
import { apiRoute } from './api-route';
import { emailField, isoDateTime, optionalText } from './fields';

/**
 * The room's team in /admin (docs/decisions/0047-room-editors.md): its owner and the co-founders the
 * owner invited as editors, who manage the room too.
 */
export const teamMemberSchema = z.object({
  /** The owner's user id; an editor's invitation id, which removing them names. */
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(['owner', 'editor']),
  /** An editor who signed in is active; until then their invitation is pending, then expired. */
  status: z.enum(['active', 'pending', 'expired']),
  /** When they joined the room, or when they were invited. */
  createdAt: isoDateTime,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  /** Whether the caller may invite and remove editors: the owner only. */
  canManageTeam: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;

export const inviteEditorRequestSchema = z.strictObject({
  email: emailField,
  name: optionalText(100),
});

export const inviteEditorResponseSchema = z.object({ message: z.string(), member: teamMemberSchema });

export const teamMemberIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a team member id' }) });

/** The room's team (docs/decisions/0065-query-keys-and-api-routes.md). */
export const teamRoutes = {
  team: apiRoute('GET', '/api/admin/team', { answer: teamSchema, refusals: [401, 403] }),
  inviteEditor: apiRoute('POST', '/api/admin/team', {
    body: inviteEditorRequestSchema,
    status: 201,
    answer: inviteEditorResponseSchema,
    refusals: [400, 401, 403, 409, 429, 502],
  }),
  removeEditor: apiRoute('DELETE', '/api/admin/team/:id', {
    params: teamMemberIdParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: [401, 403, 404],
  }),
};
