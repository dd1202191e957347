import { findUserByEmail, peopleOfRooms } from '#server/features/accounts/index';
import type { InvestorDirectory, RoomInvitations } from '#server/features/rooms/index';
import { findInvestorInvitationName, listInvestorInvitationAddresses } from './invitation-lookups.repository';

/** Rooms' RoomInvitations, answered from this module's invitations; app.ts wires it in. */
export const invitationsOfRooms: RoomInvitations = {
  investorAddresses: listInvestorInvitationAddresses,
  // The invitation's name first, else the account's by address (accounts keeps the users table).
  invitedName: async (db, roomId, email) =>
    (await findInvestorInvitationName(db, roomId, email)) ??
    ((await findUserByEmail(db, email))?.name || null),
};

/**
 * Who tells rooms its investors' addresses: accounts the members', this module the invited ones'. For
 * app.ts and the modules that list a room's investors by address (a group's analytics and exports, the
 * preview's audience).
 */
export const investorDirectory: InvestorDirectory = {
  people: peopleOfRooms,
  invitations: invitationsOfRooms,
};
