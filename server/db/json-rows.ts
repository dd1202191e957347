import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './database';

/** The column types a batch's rows carry: what both dialects read the same way from JSON. */
type JsonColumnType = 'text' | 'integer' | 'bigint';

/**
 * A batch's rows as a table (`select <columns> from …`), passed as one JSON parameter: SQLite's
 * json_each, PostgreSQL's json_to_recordset. The statement's text is the same for any number of rows, so
 * it is prepared once (statement-cache.ts), and the query builder handles one value instead of one per
 * cell, which was most of a multi-row statement's cost (ADR 41). Rows come out in the array's order,
 * which callers use as their lock order.
 *
 * On SQLite the SELECT ends in `where true`: an INSERT … SELECT followed by ON CONFLICT needs it to parse.
 */
export function jsonRows(
  dialect: Dialect,
  rows: readonly object[],
  columns: Record<string, JsonColumnType>,
): RawBuilder<unknown> {
  const json = JSON.stringify(rows);
  const names = Object.keys(columns);
  if (dialect === 'postgres') {
    const shape = names.map((name) => `${name} ${columns[name]}`).join(', ');
    return sql`select ${sql.raw(names.join(', '))} from json_to_recordset(${json}::json) as rows(${sql.raw(shape)})`;
  }
  const picks = names.map((name) => `value ->> '${name}' as ${name}`).join(', ');
  return sql`select ${sql.raw(picks)} from json_each(${json}) where true`;
}

/** A list of text values as a subquery for `in (…)`, from one JSON parameter (see jsonRows). */
export function jsonTextList(dialect: Dialect, values: readonly string[]): RawBuilder<unknown> {
  const json = JSON.stringify(values);
  return dialect === 'postgres'
    ? sql`select json_array_elements_text(${json}::json)`
    : sql`select value from json_each(${json})`;
}
