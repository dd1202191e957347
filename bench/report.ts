/** One line of the benchmark table: a budget, what we measured, the baseline measured beside it. */
export interface BudgetRow {
  budget: string;
  measured: string;
  baseline: string;
  pass: boolean;
}

export function printTable(rows: BudgetRow[]): void {
  printGrid(
    ['budget', 'measured', 'baseline (same run)', 'result'],
    rows.map((row) => [row.budget, row.measured, row.baseline, row.pass ? 'pass' : 'FAIL']),
  );
}

/** A markdown table with padded columns; `rightAligned` columns (numbers) are padded on the left. */
export function printGrid(header: string[], lines: string[][], rightAligned: number[] = []): void {
  const cells = [header, ...lines];
  const widths = header.map((_, column) => Math.max(...cells.map((line) => (line[column] ?? '').length)));
  const format = (line: string[]) =>
    `| ${line
      .map((cell, column) =>
        rightAligned.includes(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (value: number) => `${Math.round(value)} ms`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The nearest-rank percentile (0 < share <= 1) of the values: `percentile(latencies, 0.95)` is the p95. */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;
}
