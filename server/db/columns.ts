import type { Kysely } from 'kysely';
import type { EpochMs, Flag } from './column-types';

/**
 * The one mapping between rows as both dialects store them (docs/decisions/0004-portable-column-types.md)
 * and the objects every repository returns: snake_case columns become camelCase properties, a column
 * named `*_at` (epoch milliseconds) becomes a Date and one named `is_*` (0 or 1) a boolean. The same
 * naming rule types it (`Entity<Row>`), and schema.ts checks at compile time that every column obeys it,
 * so nothing above a repository sees a 0/1 or an epoch.
 */

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

type EntityValue<Column extends string, Value> = Column extends `${string}_at`
  ? null extends Value
    ? Date | null
    : Date
  : Column extends `is_${string}`
    ? boolean
    : Value;

/** A row as services see it: camelCase, Dates, booleans. */
export type Entity<Row> = {
  [Column in keyof Row & string as CamelCase<Column>]: EntityValue<Column, Row[Column]>;
};

const camelCaseOf = new Map<string, string>();
function camelCase(column: string): string {
  let name = camelCaseOf.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
    camelCaseOf.set(column, name);
  }
  return name;
}

const snakeCaseOf = new Map<string, string>();
function snakeCase(property: string): string {
  let name = snakeCaseOf.get(property);
  if (name === undefined) {
    name = property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    snakeCaseOf.set(property, name);
  }
  return name;
}

/** A row (or a selection of columns, aliases included) as the object services work with. */
export function fromRow<Row extends object>(row: Row): Entity<Row> {
  const entity: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    entity[camelCase(column)] =
      value === null
        ? null
        : column.endsWith('_at')
          ? new Date(value as EpochMs)
          : column.startsWith('is_')
            ? value === 1
            : value;
  }
  return entity as Entity<Row>;
}

/** The column value of a Date or a boolean; other values are stored as they are. */
function toColumnValue(value: unknown): unknown {
  if (value instanceof Date) return toEpochMs(value);
  if (typeof value === 'boolean') return toFlag(value);
  return value;
}

/** An object (or the changed part of one) as the row to insert or the columns to set. */
export function toRow<Row>(entity: Entity<Row>): Row;
export function toRow<Row>(entity: Partial<Entity<Row>>): Partial<Row>;
export function toRow<Row>(entity: Partial<Entity<Row>>): Partial<Row> {
  const row: Record<string, unknown> = {};
  for (const [property, value] of Object.entries(entity)) {
    if (value !== undefined) row[snakeCase(property)] = toColumnValue(value);
  }
  return row as Partial<Row>;
}

export const toFlag = (value: boolean): Flag => (value ? 1 : 0);
export const toEpochMs = (date: Date): EpochMs => date.getTime();

/**
 * A database or an open transaction, seen through the tables of one module: every repository function
 * takes one, typed against its module's `<Module>Tables` (its `<module>.tables.ts`), so callers compose
 * them and a query of another module's table does not compile (docs/decisions/0085-modules-own-their-tables.md).
 * The app's whole database and any transaction of it are such an executor as they are, without a cast:
 * the narrowing is this type's, at the repository's parameter. It keeps the query builder's entry points;
 * `withTables` and the like stay out because they would widen it again.
 */
export type Executor<Tables> = Pick<
  Kysely<Tables>,
  | 'selectFrom'
  | 'selectNoFrom'
  | 'insertInto'
  | 'replaceInto'
  | 'updateTable'
  | 'deleteFrom'
  | 'mergeInto'
  | 'with'
  | 'withRecursive'
  | 'fn'
  | 'dynamic'
  | 'transaction'
  | 'isTransaction'
  | 'getExecutor'
  | 'executeQuery'
>;
