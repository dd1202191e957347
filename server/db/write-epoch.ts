import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Counts the writes made through one Kysely instance: anything but a SELECT moves it, both when the
 * statement is built and after it ran. A value read before a lookup and unchanged afterwards proves no
 * write happened through this process in between, which is what lets the session cache be exact
 * (docs/decisions/0016-session-cache.md).
 *
 * Kysely calls plugins when it builds a query, so a write must go through the query builder (or
 * `sql`...`.execute`): never run a precompiled write with db.executeQuery, or it goes uncounted.
 */
export class WriteEpoch implements KyselyPlugin {
  #value = 0;
  readonly #writes = new WeakSet<object>();

  get value(): number {
    return this.#value;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind !== 'SelectQueryNode') {
      this.#value++;
      this.#writes.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) this.#value++;
    return args.result;
  }
}
