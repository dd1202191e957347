import { peopleOfRooms } from '#server/features/accounts/index';
import type { InvestorDirectory, RoomInvitations } from '#server/features/rooms/index';
import { listInvestorInvitationAddresses } from './invitation-lookups.repository';

/** Rooms' RoomInvitations, answered from this module's invitations; app.ts wires it in. */
export const invitationsOfRooms: RoomInvitations = { investorAddresses: listInvestorInvitationAddresses };

/**
 * Who tells rooms its investors' addresses: accounts the members', this module the invited ones'. For
 * app.ts and the modules that list a room's investors by address (a group's analytics and exports, the
 * preview's audience).
 */
export const investorDirectory: InvestorDirectory = {
  people: peopleOfRooms,
  invitations: invitationsOfRooms,
};
