/**
 * The alerts module's public file: what deserves an alert in a room and where it goes (mail, Slack,
 * Teams, the room's webhooks), the jobs that deliver alerts, and the settings' routes
 * (docs/decisions/0090-alerts-within-a-minute.md). Other modules and app.ts import only this file.
 */

export { alertJobs } from './alert-deliveries';
export { noteRefusedEntry, noteRoomActivity } from './alert-raising';
export { noteEngagementScores } from './alert-scores';
export { alertsRoutes } from './alerts.routes';
