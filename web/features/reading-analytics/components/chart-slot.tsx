import { lazy, Suspense } from 'react';
import type { BarSeries } from './bar-chart';

// Chart.js is loaded on demand, after the page's numbers: never in another page's bundle.
const BarChart = lazy(() => import('./bar-chart'));

export type { BarSeries };

/** A chart that appears once its library has loaded; its table (beside it) is there from the start. */
export function ChartSlot(props: {
  summary: string;
  labels: string[];
  series: BarSeries[];
  horizontal?: boolean;
  height?: number;
}) {
  return (
    <Suspense fallback={<div className="h-40 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />}>
      <BarChart {...props} />
    </Suspense>
  );
}
