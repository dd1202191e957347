import type { Migration, MigrationProvider } from 'kysely';
import * as initialSchema from './0001-initial-schema';
import * as sessionLookupIndex from './0002-session-lookup-index';
import * as oneOpenInvitation from './0003-one-open-invitation';
import * as documentPreviewsAndJobs from './0004-document-previews-and-jobs';
import * as readingAnalytics from './0005-reading-analytics';
import * as viewOnlyDocuments from './0006-view-only-documents';
import * as founderNotifications from './0007-founder-notifications';
import * as ndaGate from './0008-nda-gate';
import * as dynamicWatermark from './0009-dynamic-watermark';
import * as roomEditors from './0010-room-editors';
import * as rateLimitCounters from './0012-rate-limit-counters';
import * as apiTokens from './0013-api-tokens';
import * as webhooks from './0014-webhooks';
import * as roomSections from './0015-room-sections';
import * as invitationPersonalMessage from './0020-invitation-personal-message';
import * as fairJobClaims from './0021-fair-job-claims';
import * as passkeys from './0022-passkeys';
import * as investorGroups from './0023-investor-groups';
import * as documentVersions from './0024-document-versions';
import * as shareLinks from './0026-share-links';
import * as questions from './0027-questions';
import * as proofsOfOneRoom from './0028-proofs-of-one-room';
import * as codesBoundToTheBrowser from './0029-codes-bound-to-the-browser';
import * as archiveUploadSlots from './0030-archive-upload-slots';
import * as shareLinkNamesTheRoom from './0031-share-link-names-the-room';
import * as shareLinkAddresses from './0032-share-link-addresses';
import * as readingByVersion from './0033-reading-by-version';
import * as founderNoticeKindsInCode from './0034-founder-notice-kinds-in-code';
import * as sessionUses from './0035-session-uses';
import * as searchInsideEveryPage from './0036-search-inside-every-page';
import * as engagement from './0037-engagement';
import * as alerts from './0038-alerts';
import * as mcpToolCalls from './0039-mcp-tool-calls';
import * as searchIndexByRoom from './0040-search-index-by-room';
import * as mailsSentOnce from './0041-mails-sent-once';
import * as roomPasskeyRequirements from './0042-room-passkey-requirements';
import * as roomBrands from './0043-room-brands';
import * as documentLinks from './0044-document-links';

/**
 * Migrations are listed here rather than read from the directory, so the bundled server carries them.
 * Add new ones at the end with the next number; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-session-lookup-index': sessionLookupIndex,
  '0003-one-open-invitation': oneOpenInvitation,
  '0004-document-previews-and-jobs': documentPreviewsAndJobs,
  '0005-reading-analytics': readingAnalytics,
  '0006-view-only-documents': viewOnlyDocuments,
  '0007-founder-notifications': founderNotifications,
  '0008-nda-gate': ndaGate,
  '0009-dynamic-watermark': dynamicWatermark,
  '0010-room-editors': roomEditors,
  '0012-rate-limit-counters': rateLimitCounters,
  '0013-api-tokens': apiTokens,
  '0014-webhooks': webhooks,
  '0015-room-sections': roomSections,
  '0020-invitation-personal-message': invitationPersonalMessage,
  '0021-fair-job-claims': fairJobClaims,
  '0022-passkeys': passkeys,
  '0023-investor-groups': investorGroups,
  '0024-document-versions': documentVersions,
  '0026-share-links': shareLinks,
  '0027-questions': questions,
  '0028-proofs-of-one-room': proofsOfOneRoom,
  '0029-codes-bound-to-the-browser': codesBoundToTheBrowser,
  '0030-archive-upload-slots': archiveUploadSlots,
  '0031-share-link-names-the-room': shareLinkNamesTheRoom,
  '0032-share-link-addresses': shareLinkAddresses,
  '0033-reading-by-version': readingByVersion,
  '0034-founder-notice-kinds-in-code': founderNoticeKindsInCode,
  '0035-session-uses': sessionUses,
  '0036-search-inside-every-page': searchInsideEveryPage,
  '0037-engagement': engagement,
  '0038-alerts': alerts,
  '0039-mcp-tool-calls': mcpToolCalls,
  '0040-search-index-by-room': searchIndexByRoom,
  '0041-mails-sent-once': mailsSentOnce,
  '0042-room-passkey-requirements': roomPasskeyRequirements,
  '0043-room-brands': roomBrands,
  '0044-document-links': documentLinks,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
