import {
  DOWNLOADS_TARGET,
  ENGAGEMENT_WEIGHTS,
  HOT_FROM_SCORE,
  PAGE_READ_CAP_MINUTES,
  PAGE_READ_MIN_SECONDS,
  QUESTIONS_TARGET,
  READING_TARGET_MINUTES,
  RECENCY_GRACE_DAYS,
  RECENCY_HALF_LIFE_DAYS,
  RETURN_DAYS_TARGET,
  WARM_FROM_SCORE,
} from '#shared/contracts/engagement';

/** The formula and its weights, from the same constants the server counts with (ADR 89). */
export function HowTheScoreIsCounted({ hasKeyDocuments }: { hasKeyDocuments: boolean }) {
  const weights = ENGAGEMENT_WEIGHTS;
  const rows: [number, string][] = [
    [
      weights.reading_time,
      `Reading time, each page counted at most ${PAGE_READ_CAP_MINUTES} minutes (all points at ${READING_TARGET_MINUTES} minutes)`,
    ],
    [
      hasKeyDocuments ? weights.room_share : weights.room_share + weights.key_documents,
      `Share of the room's pages read (a page counts after ${PAGE_READ_MIN_SECONDS} seconds on it)`,
    ],
    ...(hasKeyDocuments
      ? [[weights.key_documents, 'Share of each key document read'] as [number, string]]
      : []),
    [
      weights.return_days,
      `Coming back on other days (all points at ${RETURN_DAYS_TARGET}; a reload the same day adds nothing)`,
    ],
    [weights.downloads, `Documents downloaded (all points at ${DOWNLOADS_TARGET})`],
    [weights.questions, `Questions asked (all points at ${QUESTIONS_TARGET})`],
  ];
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-900 select-none">
        How the score is counted
      </summary>
      <ul className="mt-2 flex flex-col gap-1">
        {rows.map(([points, words]) => (
          <li key={words} className="flex gap-2">
            <span className="w-16 shrink-0 text-right tabular-nums">up to {points}</span>
            <span>{words}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2">
        Only what each investor may read now counts. The total keeps its value for {RECENCY_GRACE_DAYS} day
        after they were last seen, then halves every {RECENCY_HALF_LIFE_DAYS} days. Warm from{' '}
        {WARM_FROM_SCORE}, hot from {HOT_FROM_SCORE}.
        {hasKeyDocuments ? '' : ' Mark key documents in Files to weigh them on their own.'}
      </p>
    </details>
  );
}
