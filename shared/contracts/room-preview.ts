import { z } from 'zod';
import { apiRoute } from './api-route';
import { documentListSchema } from './documents';
import { dataRoomViewSchema, readerSectionSchema } from './rooms';

/**
 * The founder's "Preview as" (docs/decisions/0068-investor-groups.md, docs/product-rules.md#preview):
 * `all` (the "All investors" group), `group:<id>` (one of the room's groups) or `investor:<address>`
 * (one investor of the room, by the address they were invited at, in any case). The kinds and a group's
 * id are lower case, as the server compares them: another case is refused here, naming `as`.
 */
export const previewAudienceParam = z.string().regex(/^(all|group:[0-9a-f-]{36}|investor:.+@.+)$/, {
  error: 'must be all, group:<group id> or investor:<e-mail address>',
});

export const roomPreviewQuerySchema = z.strictObject({ as: previewAudienceParam.default('all') });

/** A section of the room as the founder sees it in the preview, with whom it is hidden from. */
const previewSectionSchema = readerSectionSchema.extend({
  /** The groups that may not see it, by name ([] for none): "Hidden from All investors". */
  hiddenFrom: z.array(z.string()),
  /** It links no document: no investor sees an empty section. */
  isEmpty: z.boolean(),
  /** The audience previewed sees it: neither hidden from their group nor empty. */
  isSeen: z.boolean(),
});

export const roomPreviewSchema = z.object({
  /** Whose view this is: its `as` value and its words ("All investors", a group's name, an address). */
  audience: z.object({ as: z.string(), label: z.string() }),
  /** The previewed investor's access has ended: they see nothing of the room. */
  accessEnded: z.boolean(),
  dataRoom: dataRoomViewSchema,
  /** The sections exactly as the audience reads them (the readers' own answer, empty ones included). */
  sections: z.array(readerSectionSchema),
  /** The uploaded documents exactly as the audience's list gives them. */
  documents: documentListSchema,
  /** For the founder's eyes: every section of the room, in order, with who cannot see it. */
  allSections: z.array(previewSectionSchema),
});
export type RoomPreview = z.infer<typeof roomPreviewSchema>;
export type PreviewSection = RoomPreview['allSections'][number];

export const roomPreviewRoutes = {
  preview: apiRoute('GET', '/api/my-data-room/preview', {
    query: roomPreviewQuerySchema,
    answer: roomPreviewSchema,
    refusals: [400, 401, 403, 404],
  }),
};
