import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { peopleOfRooms } from '#server/features/accounts/index';
import {
  activeRoomNames,
  type InvitationLinks,
  type RoomInvitations,
  type RoomUser,
  requireManagedRoom,
  roomReadingOf,
} from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import {
  accentContrast,
  MIN_CONTRAST_WITH_TEXT,
  MIN_CONTRAST_WITH_WHITE,
  nearestAccessibleAccent,
} from '#shared/brand-colours';
import { apiPath } from '#shared/contracts/api-route';
import { brandRoutes, type RoomBrand, type SaveBrandRequest } from '#shared/contracts/brand';
import { brandsCache } from './brand.caches';
import type { MailBrand } from './brand.mails';
import { findBrand, findBrandImage, type StoredBrand, saveBrand } from './brand.repository';
import { acceptBanner, acceptLogo } from './brand-images';

/**
 * A room's brand (docs/decisions/0094-the-founders-brand.md): the console's settings, guarded by
 * requireManagedRoom (its owner and co-founders), and the brand every investor's page and mail draws,
 * by the proof each page already holds (a reader of the room, an invitation's link, a share link that
 * may name its room).
 */

/** Where a share link's room is named on its page (share-links answers, wired by app.ts). */
export interface ShareLinkRooms {
  /** The room a share link's token opens, when its page may name it; null otherwise. */
  roomNamedBy(token: string): Promise<string | null>;
}

const hashOf = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16);

const storedBrandOf = async (ctx: AppContext, roomId: string) =>
  (await ctx.caches.get(brandsCache).get(roomId, async () => ({ brand: await findBrand(ctx.db, roomId) })))
    ?.brand;

/** The brand's images' paths: each carries its content's hash, so a changed image is a new URL. */
function imagePaths(roomId: string, stored: StoredBrand | undefined) {
  const pathOf = (file: string) => apiPath(brandRoutes.asset, { params: { id: roomId, file } });
  return {
    logoUrl:
      stored?.logoHash && stored.logoType ? pathOf(`logo-${stored.logoHash}.${stored.logoType}`) : null,
    bannerUrl: stored?.bannerHash ? pathOf(`banner-${stored.bannerHash}.jpg`) : null,
  };
}

function brandOf(roomId: string, companyName: string, stored: StoredBrand | undefined): RoomBrand {
  const { logoUrl, bannerUrl } = imagePaths(roomId, stored);
  const accentColor = stored?.accentColor ?? null;
  return {
    companyName,
    isOn: Boolean(logoUrl || accentColor),
    accentColor,
    logoUrl,
    bannerUrl,
    showsRoundroom: stored?.isRoundroomShown ?? true,
  };
}

/**
 * A room's brand as its investors' pages draw it, for this module's routes and for any module that
 * draws a page or a gate (a document link's); undefined for a room that is not active. It says nothing
 * of who may see it: the caller has already decided that the reader may see the room's name.
 */
export async function brandOfRoom(ctx: AppContext, roomId: string): Promise<RoomBrand | undefined> {
  const names = await activeRoomNames(ctx.db, peopleOfRooms, roomId);
  if (!names) return undefined;
  return brandOf(roomId, names.companyName, await storedBrandOf(ctx, roomId));
}

/** A room's brand for its investors' mails; undefined while the brand is off (Roundroom's own mails). */
export async function mailBrandOf(ctx: AppContext, roomId: string): Promise<MailBrand | undefined> {
  const names = await activeRoomNames(ctx.db, peopleOfRooms, roomId);
  if (!names) return undefined;
  const stored = await storedBrandOf(ctx, roomId);
  const brand = brandOf(roomId, names.companyName, stored);
  if (!brand.isOn) return undefined;
  const logoPath = stored?.logoHash
    ? apiPath(brandRoutes.asset, { params: { id: roomId, file: `logo-${stored.logoHash}.png` } })
    : null;
  const founder = names.founderName.trim();
  return {
    senderName: founder ? `${founder} at ${names.companyName}` : names.companyName,
    companyName: names.companyName,
    logoUrl: logoPath && new URL(logoPath, ctx.config.appUrl).toString(),
    accentColor: brand.accentColor,
    showsRoundroom: brand.showsRoundroom,
  };
}

async function managedBrand(ctx: AppContext, user: RoomUser): Promise<RoomBrand> {
  const room = await requireManagedRoom(ctx, user);
  return brandOf(room.id, room.companyName, await storedBrandOf(ctx, room.id));
}

export const brandSettings = managedBrand;

/** Saves the colour and the footer switch; a colour without enough contrast is refused, its nearest named. */
export async function saveBrandSettings(
  ctx: AppContext,
  user: RoomUser,
  request: SaveBrandRequest,
): Promise<RoomBrand> {
  const room = await requireManagedRoom(ctx, user);
  if (request.accentColor) {
    const contrast = accentContrast(request.accentColor);
    if (!contrast.isAccessible) {
      const nearest = nearestAccessibleAccent(request.accentColor);
      throw new HttpError(
        400,
        'inaccessible_colour',
        `accentColor: ${request.accentColor} has ${contrast.withWhite}:1 against white and ${contrast.withText}:1 against the text ` +
          `(at least ${MIN_CONTRAST_WITH_WHITE}:1 and ${MIN_CONTRAST_WITH_TEXT}:1 are needed); the nearest accessible shade is ${nearest}.`,
        {
          field: 'accentColor',
          contrastWithWhite: contrast.withWhite,
          contrastWithText: contrast.withText,
          nearestAccessible: nearest,
        },
      );
    }
  }
  await saveBrand(
    ctx.db,
    room.id,
    { accent_color: request.accentColor, is_roundroom_shown: request.showsRoundroom ? 1 : 0 },
    new Date(),
  );
  return managedBrand(ctx, user);
}

/** Stores a logo or banner once its content is checked (and sanitised, or re-encoded). */
export async function uploadBrandImage(
  ctx: AppContext,
  user: RoomUser,
  kind: 'logo' | 'banner',
  bytes: Buffer,
): Promise<RoomBrand> {
  const room = await requireManagedRoom(ctx, user);
  const image = kind === 'logo' ? await acceptLogo(bytes) : await acceptBanner(bytes);
  const hash = hashOf(image.bytes);
  const changes =
    kind === 'logo'
      ? {
          logo_type: image.type === 'svg' ? ('svg' as const) : ('png' as const),
          logo_hash: hash,
          logo_bytes: image.bytes,
        }
      : { banner_hash: hash, banner_bytes: image.bytes };
  await saveBrand(ctx.db, room.id, changes, new Date());
  return managedBrand(ctx, user);
}

export async function removeBrandImage(ctx: AppContext, user: RoomUser, kind: 'logo' | 'banner') {
  const room = await requireManagedRoom(ctx, user);
  const changes =
    kind === 'logo'
      ? { logo_type: null, logo_hash: null, logo_bytes: null }
      : { banner_hash: null, banner_bytes: null };
  await saveBrand(ctx.db, room.id, changes, new Date());
  return managedBrand(ctx, user);
}

const noRoom = () => new HttpError(404, 'not_found', 'Data room not found.');

/** The brand of a room its reader may read (its managers too; before its NDA as well: it shows no content). */
export async function brandForReader(
  ctx: AppContext,
  invitations: RoomInvitations,
  user: RoomUser,
  roomId: string,
): Promise<RoomBrand> {
  const reading = await roomReadingOf(ctx, invitations, { user, roomId });
  const brand = reading && (await brandOfRoom(ctx, roomId));
  if (!brand) throw noRoom();
  return brand;
}

export async function brandForInvitation(
  ctx: AppContext,
  invitations: RoomInvitations,
  invitationLinks: InvitationLinks,
  token: string,
): Promise<RoomBrand> {
  const reading = await roomReadingOf(ctx, invitations, { invitationToken: token, invitationLinks });
  const brand = reading && (await brandOfRoom(ctx, reading.room.id));
  if (!brand) throw new HttpError(404, 'not_found', 'Invitation not found or no longer valid.');
  return brand;
}

export async function brandForShareLink(ctx: AppContext, links: ShareLinkRooms, token: string) {
  const roomId = await links.roomNamedBy(token);
  const brand = roomId && (await brandOfRoom(ctx, roomId));
  if (!brand) throw new HttpError(404, 'not_found', 'This link does not name its room.');
  return brand;
}

const CONTENT_TYPES = { png: 'image/png', svg: 'image/svg+xml', jpg: 'image/jpeg' } as const;

/** An image by its hash: only the room's current one answers. A logo stored as SVG is also served as PNG (for mail). */
export async function brandImage(
  ctx: AppContext,
  roomId: string,
  file: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const [, kind, hash, extension] = /^(logo|banner)-([0-9a-f]{16})\.(png|svg|jpg)$/.exec(file) ?? [];
  const found = await findBrandImage(ctx.db, roomId, kind === 'logo' ? 'logo' : 'banner', hash ?? '');
  const type = extension as keyof typeof CONTENT_TYPES;
  if (!found) throw new HttpError(404, 'not_found', 'No such image.');
  if (kind === 'banner' && type === 'jpg') return { bytes: found.bytes, contentType: CONTENT_TYPES.jpg };
  if (kind === 'logo' && type === found.logoType)
    return { bytes: found.bytes, contentType: CONTENT_TYPES[type] };
  if (kind === 'logo' && type === 'png' && found.logoType === 'svg') {
    const { default: sharp } = await import('sharp');
    const png = await sharp(found.bytes, { density: 144 })
      .resize({ height: 96, withoutEnlargement: true })
      .png()
      .toBuffer();
    return { bytes: png, contentType: CONTENT_TYPES.png };
  }
  throw new HttpError(404, 'not_found', 'No such image.');
}
