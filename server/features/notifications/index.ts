// The public file of the notifications feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.
export { notificationsRoutes } from './notifications.routes';
export { noteQuestionAsked, notificationJobs, recordRoomActivity } from './notifications.service';
