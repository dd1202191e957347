import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatReadingTime } from '#web/features/reading-analytics/reading-time';

// Only what a bar chart needs (tree-shaken); this module loads only with the analytics pages.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  /** Seconds per bar. */
  values: number[];
  color: string;
}

interface BarChartProps {
  /** What the chart shows, for assistive technology; its table beside it carries the numbers. */
  summary: string;
  labels: string[];
  series: BarSeries[];
  /** Bars along the vertical axis: long labels (document titles) stay readable on a phone. */
  horizontal?: boolean;
  /** Pixels; a horizontal chart grows with its bars. */
  height?: number;
}

/** Seconds as bars, with times in words on the axis and in tooltips. */
export default function BarChart({ summary, labels, series, horizontal = false, height }: BarChartProps) {
  const timeAxis = {
    beginAtZero: true,
    ticks: { callback: (value: string | number) => formatReadingTime(Number(value)), maxTicksLimit: 5 },
  };
  const labelAxis = {
    ticks: {
      autoSkip: !horizontal,
      callback(this: { getLabelForValue(value: number): string }, value: string | number) {
        const label = this.getLabelForValue(Number(value));
        return label.length > 24 ? `${label.slice(0, 23)}…` : label;
      },
    },
  };
  const options: ChartOptions<'bar'> = {
    indexAxis: horizontal ? 'y' : 'x',
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: series.length > 1, position: 'bottom' },
      tooltip: {
        callbacks: { label: (item) => `${item.dataset.label}: ${formatReadingTime(Number(item.raw))}` },
      },
    },
    scales: horizontal ? { x: timeAxis, y: labelAxis } : { x: labelAxis, y: timeAxis },
  };
  const data = {
    labels,
    datasets: series.map((one) => ({
      label: one.label,
      data: one.values,
      backgroundColor: one.color,
      borderRadius: 3,
      maxBarThickness: 36,
    })),
  };
  const chartHeight = height ?? (horizontal ? Math.max(160, labels.length * 36 + 60) : 260);
  return (
    <div className="relative w-full" style={{ height: chartHeight }}>
      <Bar role="img" aria-label={summary} options={options} data={data} />
    </div>
  );
}
