import type { AppContext } from '#server/app-context';
import type { EngagementBand } from '#shared/contracts/engagement';
import type { EngagementReason } from './engagement-score';

/** One investor's engagement in a room now. */
export interface InvestorEngagement {
  userId: string;
  name: string;
  email: string;
  /** Their address's domain, null for a webmail address (reading-analytics' firms). */
  firm: string | null;
  score: number;
  band: EngagementBand;
  /** The three things that moved the score most, the largest first. */
  why: EngagementReason[];
  /** Their last view opened, report, download or question; null when never seen. */
  lastSeenAt: Date | null;
  /** The documents they may still read and have read a page of, most read first. */
  documentsRead: { documentId: string; title: string }[];
}

/** One firm's engagement: its readers as one reader (combineSummaries). */
export interface FirmEngagement {
  firm: string;
  score: number;
  band: EngagementBand;
  why: EngagementReason[];
  lastSeenAt: Date | null;
  /** Its investors, highest score first. */
  investors: { userId: string; name: string; email: string; score: number }[];
}

/** Every investor of the room with a score, highest first (ties: last seen latest first). */
export async function roomEngagement(ctx: AppContext, roomId: string): Promise<InvestorEngagement[]> {
  void ctx;
  void roomId;
  throw new Error('not built yet');
}

/** One investor's engagement in the room; null when they are not (or no longer) an investor of it. */
export async function investorEngagement(
  ctx: AppContext,
  roomId: string,
  userId: string,
): Promise<InvestorEngagement | null> {
  void ctx;
  void roomId;
  void userId;
  throw new Error('not built yet');
}

/** The room's firms, highest score first; investors at webmail addresses are in no firm. */
export async function firmEngagement(ctx: AppContext, roomId: string): Promise<FirmEngagement[]> {
  void ctx;
  void roomId;
  throw new Error('not built yet');
}
