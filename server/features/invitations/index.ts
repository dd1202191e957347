// The public file of the invitations feature: what app.ts and the other features may use
// (docs/decisions/0064-import-boundaries-by-path.md). Everything else in this folder is private to it.
export { findInvitationsByIds, listInvitationIdsOfAddresses } from './invitation-lookups.repository';
export {
  findOpenInvitation,
  insertInvitation,
  listRemovedAddresses,
  updateInvitation,
} from './invitations.repository';
export { invitationsRoutes } from './invitations.routes';
export {
  acceptInvestorInvitation,
  acceptPendingInvitations,
  findInvitationLink,
  findUsableInvitationLink,
  type InvitationLink,
  isRemovedFromRoom,
  listInvitations,
  listPendingInvitationsFor,
} from './invitations.service';
export { investorDirectory, invitationsOfRooms } from './invitations-of-rooms';
export type { InviteeDownloads } from './invitee-downloads';
