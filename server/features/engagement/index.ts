/**
 * The engagement module's public file (docs/decisions/0089-engagement-score.md): each investor's and
 * each firm's engagement score in a room, its "why", the ranked "Hot investors" list and its export, the
 * founders' key documents, and the `investor.engagement_changed` webhook. Other modules and app.ts import
 * only this file (docs/decisions/0064-import-boundaries-by-path.md).
 *
 * For other modules (alerts, the MCP server): roomEngagement and investorEngagement answer from the
 * summaries this module keeps up to date (ADR 89), without authorising anyone: the caller has checked
 * that its user or token may read the room's analytics.
 */

export { engagementRoutes } from './engagement.routes';
export {
  type FirmEngagement,
  firmEngagement,
  type InvestorEngagement,
  investorEngagement,
  roomEngagement,
} from './engagement.service';
export { engagementRefreshJob, recordEngagementActivity, refreshRoomEngagement } from './engagement-refresh';
export { type EngagementReason, type EngagementScore, engagementScore } from './engagement-score';
export type { HistoryActivity, HistoryDocument, ReaderHistory } from './engagement-trace';
