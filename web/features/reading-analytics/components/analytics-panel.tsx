import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';

/** One titled region of an analytics page, found and skipped to by its heading. */
export function AnalyticsPanel({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <Card className="h-full">
        <CardHeader>
          <h2 id={id} className="text-lg font-semibold leading-tight text-slate-900">
            {title}
          </h2>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

/** Figures in a row of tiles (two a row on a phone). */
export function StatTiles({ stats }: { stats: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs font-medium text-slate-500">{stat.label}</dt>
          <dd className="mt-1 text-xl font-semibold text-slate-900">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A data table from `sm` up; below it, the same rows as stacked cards (the first cell as the card's title,
 * each other cell under its header), so nothing is cut off on a phone. The hidden one is display:none,
 * so assistive technology meets only the one shown.
 */
export function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  const [, ...rest] = headers;
  return (
    <>
      <ul aria-label={caption} className="divide-y divide-slate-200 text-sm sm:hidden">
        {rows.map((row) => (
          <li key={row.key} className="py-3 first:pt-0 last:pb-0">
            <p className="font-medium text-slate-900 wrap-anywhere">{row.cells[0]}</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
              {rest.map((header, index) => (
                <div key={header} className="min-w-0">
                  <dt className="text-xs text-slate-500">{header}</dt>
                  <dd className="text-slate-700 wrap-anywhere">{row.cells[index + 1]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              {headers.map((header) => (
                <th
                  key={header}
                  scope="col"
                  className="px-3 pb-2 text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-0 last:pr-0"
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => {
                  // Cells are positional: one per header, keyed by it.
                  const key = headers[index] ?? String(index);
                  return index === 0 ? (
                    <th
                      key={key}
                      scope="row"
                      className="max-w-64 py-2 pr-3 font-medium text-slate-900 wrap-anywhere"
                    >
                      {cell}
                    </th>
                  ) : (
                    <td key={key} className="px-3 py-2 whitespace-nowrap text-slate-700 last:pr-0">
                      {cell}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
