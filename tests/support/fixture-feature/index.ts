// The fixture feature's public file, as a feature's index.ts: what the composition (a test app) uses.
export { pingFounders, pingNotice } from './fixture-feature.service';
