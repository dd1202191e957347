// The public file of the webhooks feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.
export { checkEndpointUrl, RefusedAddressError } from './address-policy';
export { type PostedOutcome, postJson, type SenderOptions } from './webhook-sender';
export { webhooksRoutes } from './webhooks.routes';
export { webhookJobs } from './webhooks.service';
