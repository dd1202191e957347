/**
 * The preview module's public file: the founder's room as one audience reads it ("Preview as":
 * docs/decisions/0068-investor-groups.md). It reads through the rooms module's readability rule and the
 * documents module's list, so it depends on both and neither on it. app.ts imports only this file.
 */

export { roomPreviewRoutes } from './room-preview.routes';
