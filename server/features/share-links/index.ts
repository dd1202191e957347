// The public file of the share-links feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.

export { withDocumentGrants } from './document-links.service';
export { roomNamedByShareLink, shareGatePresentation } from './share-link-entry.service';
export { shareLinksRoutes } from './share-links.routes';
export { investorEmailsOfShareLink, roomDocumentLinks } from './share-links.service';
