import type { DatabaseExecutor } from '#server/db/schema';
import type { RoomPeople } from './room-people';

/**
 * What rooms needs of the room's invitations, which the invitations module keeps and which imports rooms:
 * so rooms asks through this port, handed in as RoomPeople is (docs/decisions/0085-modules-own-their-tables.md).
 */
export interface RoomInvitations {
  /** The addresses of the room's investor invitations not withdrawn, in one query. */
  investorAddresses(db: DatabaseExecutor, roomId: string): Promise<string[]>;
  /**
   * The name the NDA's name field starts with (ADR 45): the room's newest investor invitation of this
   * address not withdrawn that names one, else the name of the account of that address; null for neither.
   */
  invitedName(db: DatabaseExecutor, roomId: string, email: string): Promise<string | null>;
}

/**
 * Who tells rooms its investors' addresses: accounts the members', invitations the invited ones'
 * (groups.service.ts: the groups page, a group's analytics and the preview's audience).
 */
export interface InvestorDirectory {
  people: RoomPeople;
  invitations: RoomInvitations;
}
