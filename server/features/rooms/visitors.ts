import type { DocumentGrant } from '#server/plugins/auth';

/** Who reads or acts in a room, and the ports other modules give room content (wired by app.ts). */

/**
 * Who is acting on a room: room content needs the user's id, and whether their session was opened by a
 * proof of one room (an invitation's link, a share-link code), which reads that room and no other
 * (docs/decisions/0074-a-proof-of-one-room.md). Absent: a mailbox-proven session, a job or an API token.
 */
export interface RoomUser {
  id: string;
  /**
   * Their address, as their account holds it: an investor's group, access and NDA acceptances are kept by
   * address, and the users table is accounts' (docs/decisions/0085-modules-own-their-tables.md).
   */
  email: string;
  onlyRoomId?: string | null;
  /**
   * Set for a session a document link's code opened: it reads this one document of onlyRoomId's room and
   * nothing else, as the link says (docs/decisions/0095-document-links.md).
   */
  onlyDocument?: DocumentGrant | null;
}

/**
 * What room content needs to know of an invitation link (the invited view, docs/product-rules.md#invited-view). The
 * invitations feature provides it (app.ts wires it), so room content never imports invitations.
 */
export interface InvitationLinks {
  /** The invitation a link's token carries, while it can still be used. */
  findUsable(token: string): Promise<{ id: string; roomId: string; email: string } | undefined>;
}

/** Who read a room or acted in it: a signed-in user, or the holder of an invitation link (the invited view). */
export type RoomVisitor = { userId: string } | { invitationId: string };

/**
 * What room content reports of people's use of a room, for the founder's notifications (provided by
 * notifications, wired by app.ts): a read of the room itself (a member's, or the invited view) and each
 * logged view, download and click once committed. It decides who is an investor, and never throws.
 */
export interface RoomActivity {
  record(activity: { roomId: string; visitor: RoomVisitor; isAction: boolean }): Promise<void>;
}
