// The public file of the passkeys feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.
export { owesPasskey } from './passkey-requirement.service';
export { passkeysRoutes } from './passkeys.routes';
export { needsSecondFactor, resetPasskeys } from './passkeys.service';
export { securityNoticeJob } from './security-notices';
