import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';

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
 * A plain data table that scrolls sideways inside its panel on a narrow screen rather than widening the
 * page. The first column heads each row.
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
  return (
    <div className="-mx-1 overflow-x-auto px-1">
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
  );
}
