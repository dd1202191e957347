/**
 * The brand module's public file: a room's logo, accent colour, banner and footer line
 * (docs/decisions/0094-the-founders-brand.md). A module that draws an investor's page or gate asks
 * `brandOfRoom`; one that mails an investor about a room asks `mailBrandOf` and hands it to the mail
 * layout. Other modules and app.ts import only this file.
 */

export type { RoomBrand } from '#shared/contracts/brand';
export type { MailBrand } from './brand.mails';
export { brandRoutes } from './brand.routes';
export { brandOfRoom, mailBrandOf, type ShareLinkRooms } from './brand.service';
