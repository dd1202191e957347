import { z } from 'zod';
import { HEX_COLOUR } from '../brand-colours';
import { fileAnswer } from './answers';
import { apiErrorSchema } from './api-error';
import { apiRoute } from './api-route';
import { inviteTokenParamsSchema, roomIdParamsSchema } from './path-params';
import { shareTokenParamsSchema } from './share-links';

/**
 * A room's brand (docs/decisions/0094-the-founders-brand.md): a logo, an accent colour, an optional
 * banner, and whether Roundroom's footer line stays. It is on (the pages and mails an investor sees
 * take it) once a logo or a colour is set; until then Roundroom's own look.
 */

/** The most a logo's file may be when sent; it is served re-encoded or sanitised, usually far smaller. */
export const LOGO_MAX_BYTES = 1024 * 1024;
/** The most a banner's file may be when sent; it is served resized to the pages' width. */
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

/** What the investor's pages and mails draw: the company, and the brand when it is on. */
export const roomBrandSchema = z.object({
  companyName: z.string(),
  /** Whether the brand is on: a logo or a colour is set. */
  isOn: z.boolean(),
  /** `#rrggbb`, accessible against white and the text colour; null for Roundroom's indigo. */
  accentColor: z.string().nullable(),
  /** The logo's URL, with its content's hash in it (cached for good); null for none. */
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  /** Whether the pages and mails keep the line "Shared securely with Roundroom". */
  showsRoundroom: z.boolean(),
});
export type RoomBrand = z.infer<typeof roomBrandSchema>;

export const brandSettingsSchema = roomBrandSchema;

export const saveBrandRequestSchema = z.strictObject({
  /** null takes the colour off. */
  accentColor: z
    .string({ error: 'must be a colour such as #1d4ed8, or null' })
    .trim()
    .toLowerCase()
    .regex(HEX_COLOUR, 'must be a colour written #rrggbb, such as #1d4ed8')
    .nullable(),
  showsRoundroom: z.boolean({ error: 'must be true or false' }),
});
export type SaveBrandRequest = z.infer<typeof saveBrandRequestSchema>;

/**
 * 400 of a save: a field's refusal, and for a colour without enough contrast the ratios it reached and
 * the nearest accessible shade of its hue (error `inaccessible_colour`).
 */
export const brandSaveRefusalSchema = apiErrorSchema.extend({
  contrastWithWhite: z.number().optional(),
  contrastWithText: z.number().optional(),
  nearestAccessible: z.string().optional(),
});

export const brandAssetParamsSchema = z.object({
  id: z.uuid({ error: 'must be a data room id' }),
  file: z.string().regex(/^(logo|banner)-[0-9a-f]{16}\.(png|svg|jpg)$/, 'is not a brand image'),
});

/** The console's settings are its managers': 403 for anyone else (an investor, a founder of no room). */
const inConsole = [401, 403] as const;
const image = { answer: brandSettingsSchema, refusals: [400, 401, 403, 413, 415] } as const;

export const brandRoutes = {
  settings: apiRoute('GET', '/api/my-data-room/brand', { answer: brandSettingsSchema, refusals: inConsole }),
  save: apiRoute('POST', '/api/my-data-room/brand', {
    body: saveBrandRequestSchema,
    answer: brandSettingsSchema,
    refusals: [400, 401, 403],
    answers: { 400: brandSaveRefusalSchema },
  }),
  /** The logo (multipart: `file`): a PNG or an SVG, checked by its content. */
  uploadLogo: apiRoute('POST', '/api/my-data-room/brand/logo', image),
  removeLogo: apiRoute('DELETE', '/api/my-data-room/brand/logo', {
    answer: brandSettingsSchema,
    refusals: inConsole,
  }),
  /** The banner (multipart: `file`): a PNG or a JPEG, checked by its content and resized. */
  uploadBanner: apiRoute('POST', '/api/my-data-room/brand/banner', image),
  removeBanner: apiRoute('DELETE', '/api/my-data-room/brand/banner', {
    answer: brandSettingsSchema,
    refusals: inConsole,
  }),
  /** A room's brand for its readers (members, co-founders, its owner): 404 for anyone else. */
  ofRoom: apiRoute('GET', '/api/data-room/:id/brand', {
    params: roomIdParamsSchema,
    answer: roomBrandSchema,
    refusals: [400, 401, 404],
  }),
  /** The brand of the room an invitation's link opens, while the link can be used. */
  ofInvitation: apiRoute('GET', '/api/data-room/invite/:token/brand', {
    params: inviteTokenParamsSchema,
    answer: roomBrandSchema,
    refusals: [400, 404],
  }),
  /** The brand of the room a share link opens, where the link may name its room (as its page does). */
  ofShareLink: apiRoute('GET', '/api/share/:token/brand', {
    params: shareTokenParamsSchema,
    answer: roomBrandSchema,
    refusals: [400, 404],
  }),
  /** A logo or banner by its content's hash: public (the hash is its capability), cached for a year. */
  asset: apiRoute('GET', '/api/brand/:id/:file', {
    params: brandAssetParamsSchema,
    file: fileAnswer('The image: PNG, SVG (sanitised) or JPEG.'),
    refusals: [400, 404],
  }),
};
