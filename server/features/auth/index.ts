// The public file of the auth feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.
export { authRoutes } from './auth.routes';
export { codeHashOf, codeMatches, sixDigitCode, typedCodeIsRight } from './code-budget';
export { countUsedMagicLinks } from './magic-links.repository';
export { requestMagicLink, signInProvenAddress } from './magic-links.service';
export { oneRoomEntryAnswer } from './one-room-entry.answer';
export {
  type DeviceSession,
  enterOneDocument,
  enterOneRoom,
  type OneRoomEntry,
} from './one-room-entry.service';
