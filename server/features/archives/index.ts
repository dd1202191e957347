/**
 * The archives module's public file: a zip uploaded into a room (docs/decisions/0070-folders-and-zips.md)
 * and a room's "Download all", written by our own stored-entry writer
 * (docs/decisions/0072-stored-zip-writer.md). Other modules and app.ts import only this file
 * (docs/decisions/0081-documents-split.md).
 */

export { archivesRoutes } from './archives.routes';
