import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { ENGAGEMENT_TREND_DAYS } from '#shared/contracts/engagement';
import { cn } from '#web/lib/cn';

const WIDTH = 56;
const HEIGHT = 18;

/**
 * A score's last days as a small line (0 to 100, the oldest first), and the change over them as an
 * arrow with its points. Drawn as SVG: one small line per row of a list of up to a thousand investors,
 * where a chart library's canvas each would cost more than the list.
 */
export function TrendSparkline({ trend, className }: { trend: readonly number[]; className?: string }) {
  const first = trend[0] ?? 0;
  const last = trend.at(-1) ?? 0;
  const change = last - first;
  const step = trend.length > 1 ? WIDTH / (trend.length - 1) : 0;
  const points = trend.map(
    (score, index) =>
      `${(index * step).toFixed(1)},${(HEIGHT - 1 - (score / 100) * (HEIGHT - 2)).toFixed(1)}`,
  );
  const Arrow = change > 0 ? ArrowUpRight : change < 0 ? ArrowDownRight : ArrowRight;
  const words =
    change === 0
      ? `No change in ${ENGAGEMENT_TREND_DAYS} days`
      : `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)} in ${ENGAGEMENT_TREND_DAYS} days`;
  return (
    <span
      className={cn('inline-flex items-center gap-1.5', className)}
      title={`Last ${ENGAGEMENT_TREND_DAYS} days: ${trend.join(', ')}`}
    >
      <svg
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-hidden="true"
        className="shrink-0"
      >
        <polyline
          points={points.join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
          className="text-indigo-500"
        />
      </svg>
      <span
        className={cn(
          'inline-flex items-center text-xs font-medium tabular-nums',
          change > 0 ? 'text-emerald-700' : change < 0 ? 'text-rose-700' : 'text-slate-500',
        )}
      >
        <Arrow className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{words}</span>
        <span aria-hidden="true">{change === 0 ? '0' : `${change > 0 ? '+' : '−'}${Math.abs(change)}`}</span>
      </span>
    </span>
  );
}
