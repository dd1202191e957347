import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

interface ResponsiveTableProps<Row> {
  /** Names the table (and the list on phones) for screen readers. */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The first column heads its row. */
  columns: readonly TableColumn<Row>[];
  /** A row as a small card, for screens narrower than `sm`, where four columns would not fit. */
  card: (row: Row) => ReactNode;
}

/**
 * A table from `sm` up, and a list of stacked cards below it: the same rows, laid out for the width.
 * The hidden one is display:none, so assistive technology meets only the one shown.
 */
export function ResponsiveTable<Row>({ caption, rows, rowKey, columns, card }: ResponsiveTableProps<Row>) {
  const [first, ...rest] = columns;
  return (
    <>
      <ul aria-label={caption} className="divide-y divide-slate-200 sm:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="py-3 first:pt-0 last:pb-0">
            {card(row)}
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className="px-3 pb-2 text-xs font-medium tracking-wide text-slate-500 uppercase first:pl-0 last:pr-0"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {first && (
                <th scope="row" className="py-3 pr-3 text-left font-medium text-slate-900 wrap-anywhere">
                  {first.cell(row)}
                </th>
              )}
              {rest.map((column) => (
                <td key={column.header} className="px-3 py-3 text-slate-700 last:pr-0">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A cell value that must not break, such as a date, so a narrow column grows instead. */
export function Nowrap({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}
