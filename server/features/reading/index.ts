/**
 * The reading module's public file: the viewer (a document's preview, page images, text, tables) and the
 * dynamic watermark. app.ts imports only this file (docs/decisions/0063-room-content-as-four-modules.md).
 */
export { viewerRoutes } from './viewer.routes';
export { firstPageImageOf } from './viewer.service';
export { downloadWatermarks } from './watermark.service';
