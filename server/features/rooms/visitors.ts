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
 * What a reader did, as the founders' alerts tell it (docs/decisions/0090-alerts-within-a-minute.md): the
 * document's id and its title as the room lists it, never what it says.
 */
export type RoomEvent =
  | { kind: 'viewed'; documentId: string; documentTitle: string }
  | { kind: 'downloaded'; documentId: string | null; documentTitle: string }
  | { kind: 'asked' };

/**
 * What room content reports of people's use of a room, for the founder's notifications and alerts
 * (provided by notifications and alerts, wired by app.ts): a read of the room itself (a member's, or the
 * invited view) and each logged view, download, click and question once committed, with what it was
 * where an alert may be wanted. It decides who is an investor, and never throws.
 */
export interface RoomActivity {
  record(activity: {
    roomId: string;
    visitor: RoomVisitor;
    isAction: boolean;
    event?: RoomEvent;
  }): Promise<void>;
  /** An address the room refused (a share link that may not let it in), and why in a few words. Never throws. */
  refused(attempt: { roomId: string; email: string; reason: string }): Promise<void>;
}
