// The public file of the notifications feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.

export { notificationJobs } from './founder-mails';
export { type FounderNotice, type NoticeLine, type NoticeTelling, noteFounderNotice } from './notices';
export {
  footerHtml,
  footerLines,
  type NotificationFooter,
  unsubscribeHeaders,
} from './notifications.mails';
export { notificationsRoutes } from './notifications.routes';
export { recordRoomActivity } from './notifications.service';
export { serveOneClickUnsubscribe } from './one-click-unsubscribe';
