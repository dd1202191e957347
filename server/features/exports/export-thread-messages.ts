import type { Config } from '#server/config';
import type { ExportKind } from '#shared/contracts/exports';

/** What the request thread and an export's thread say to each other (export-worker-stream.ts). */

/**
 * Which rows an export reads: the room, whole days as [fromMs, toMs), optionally one user, and optionally
 * one investor group's people (docs/decisions/0068-investor-groups.md): their accounts, their addresses,
 * and the room's invitations of those addresses (what an invitation's link showed before an account).
 */
export interface ExportScope {
  roomId: string;
  fromMs: number | null;
  toMs: number | null;
  userId: string | null;
  group: { userIds: string[]; emails: string[]; invitationIds: string[] } | null;
}

/** What the export's thread needs to know. */
export interface ExportJob {
  database: Config['database'];
  appUrl: string;
  kind: ExportKind;
  scope: ExportScope;
  ownerId: string;
}

/** The job as the thread receives it: with the memory it writes the CSV's bytes into. */
export interface ExportThreadData extends ExportJob {
  /** PIECES_IN_FLIGHT slots of PIECE_BYTES, shared by both threads. */
  window: SharedArrayBuffer;
}

export type FromWorker =
  | { kind: 'piece'; slot: number; bytes: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** A slot of the window, handed back to the thread once the response has written its bytes. */
export type ToWorker = { slot: number };

/**
 * Pieces of the CSV the thread may have written and the response not yet sent: the thread writes into a
 * slot only when it holds its credit, and the request thread gives the credit back only when the
 * response has written the slot's bytes out (ADR 42). Four slots of 64 KiB keep a fast client busy on
 * a local network and bound what a slow one costs us to 256 KiB.
 */
export const PIECES_IN_FLIGHT = 4;
export const PIECE_BYTES = 64 * 1024;
