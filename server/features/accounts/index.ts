// The public file of the accounts feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.
export { accountsRoutes } from './accounts.routes';
export { publicUserOf } from './accounts.service';
export { describeDevice } from './device-summary';
export { peopleOfRooms } from './people-of-rooms';
export { sessionsCache } from './sessions.caches';
export {
  completeSecondFactor,
  createSessionResolver,
  endOtherSessions,
  endOwnSession,
  endSession,
  endUserSessions,
  listSessions,
  type NewSession,
  startSession,
} from './sessions.service';
export {
  findUserByEmail,
  findUserById,
  findUsersByEmails,
  findUsersByIds,
  insertUserIfAbsent,
  recordLogin,
  type User,
} from './users.repository';
