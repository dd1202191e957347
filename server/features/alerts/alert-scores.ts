import type { AppContext } from '#server/app-context';
import { roomEngagement } from '#server/features/engagement/index';
import { isWanted, raiseAlert, roomWants } from './alert-raising';
import { noDetails } from './alert-rules';
import { listScores, saveScores } from './alerts.repository';

/**
 * "A score crossing a threshold" (docs/decisions/0090-alerts-within-a-minute.md): after each run of the
 * engagement module's refresh (ADR 89; app.ts runs this right after it), each investor's score is
 * compared with the one alerts last read; from under the room's threshold to at or over it is a crossing,
 * told once a day at most. An investor alerts has not read yet is compared with their score at the end
 * of yesterday (the score's 7-day trend), so turning the alert on does not tell of everyone already over.
 * Never throws: a refresh is not worth failing for an alert.
 */
export async function noteEngagementScores(ctx: AppContext, roomId: string): Promise<void> {
  try {
    if (!(await isWanted(ctx, roomId, 'score_crossed'))) return;
    const threshold = (await roomWants(ctx, roomId)).settings.scoreThreshold;
    const [investors, known] = await Promise.all([roomEngagement(ctx, roomId), listScores(ctx.db, roomId)]);
    const now = new Date();
    const moved: { email: string; score: number }[] = [];
    for (const investor of investors) {
      const before = known.get(investor.email) ?? investor.trend.at(-2) ?? 0;
      if (known.get(investor.email) !== investor.score)
        moved.push({ email: investor.email, score: investor.score });
      if (before >= threshold || investor.score < threshold) continue;
      await raiseAlert(ctx, {
        roomId,
        trigger: 'score_crossed',
        investor: {
          email: investor.email,
          name: investor.name || null,
          firm: investor.firm,
          userId: investor.userId,
        },
        details: { ...noDetails(), score: investor.score },
        at: now,
      });
    }
    await ctx.db.transaction().execute((trx) => saveScores(trx, roomId, moved, now));
  } catch (error) {
    ctx.log.error({ err: error, roomId }, 'could not compare engagement scores for alerts');
  }
}
