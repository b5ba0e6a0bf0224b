import {
  AliasNode,
  BinaryOperationNode,
  ColumnNode,
  IdentifierNode,
  JoinNode,
  OperationNodeTransformer,
  OperatorNode,
  PrimitiveValueListNode,
  ReferenceNode,
  TableNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
  type DeleteQueryNode,
  type InsertQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SelectQueryNode,
  type UnknownRow,
  type UpdateQueryNode,
} from 'kysely';
import type { Db } from './connect.ts';

/**
 * Data access scoped to one store, by construction. Every query made through a scoped database reads, changes and
 * deletes only the store's own rows of every store table (a table with a `web_id`): the site is added to the
 * conditions of each such table the query names — in FROM, in each JOIN's ON, in UPDATE and DELETE — and in every
 * subquery. A row inserted for another store, or without its store, is refused before it reaches the database. A
 * query written as raw SQL is refused: it cannot be scoped.
 */

/** The tables of the database that hold a column `web_id`: the ones a store's rows live in. */
export async function storeTablesOf(db: Db): Promise<ReadonlySet<string>> {
  const tables = await db.introspection.getTables();
  return new Set(
    tables.filter((table) => table.schema === 'public' && table.columns.some((column) => column.name === 'web_id')).map((t) => t.name),
  );
}

/** Each database's store views, made once: a view holds nothing of a request, and making one per request showed in profiles. */
const views = new WeakMap<Db, Map<number, { tables: ReadonlySet<string>; db: Db }>>();

/** A database through which only the rows of store `webId` can be read or written. */
export function scopedToStore(db: Db, webId: number, storeTables: ReadonlySet<string>): Db {
  let ofDb = views.get(db);
  if (!ofDb) views.set(db, (ofDb = new Map()));
  const kept = ofDb.get(webId);
  if (kept && kept.tables === storeTables) return kept.db;
  const scoped = db.withPlugin(new SiteScope(webId, storeTables));
  // Bounded: a server hosts stores by the thousand at most; past that the oldest views are made again when asked.
  if (ofDb.size >= 10_000) ofDb.clear();
  ofDb.set(webId, { tables: storeTables, db: scoped });
  return scoped;
}

/** A query that would reach past its store: a bug, refused before it runs. */
export class OutsideStoreError extends Error {}

class SiteScope implements KyselyPlugin {
  private readonly transformer: ScopeTransformer;

  constructor(webId: number, storeTables: ReadonlySet<string>) {
    this.transformer = new ScopeTransformer(webId, storeTables);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === 'RawNode') throw new OutsideStoreError('A store-scoped query cannot be raw SQL');
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class ScopeTransformer extends OperationNodeTransformer {
  constructor(
    private readonly webId: number,
    private readonly storeTables: ReadonlySet<string>,
  ) {
    super();
  }

  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    const query = super.transformSelectQuery(node);
    return {
      ...query,
      ...(query.joins ? { joins: query.joins.map((join) => this.scopeJoin(join)) } : {}),
      ...this.scopeWhere(query.where, query.from?.froms ?? []),
    };
  }

  protected override transformUpdateQuery(node: UpdateQueryNode): UpdateQueryNode {
    const query = super.transformUpdateQuery(node);
    return {
      ...query,
      ...(query.joins ? { joins: query.joins.map((join) => this.scopeJoin(join)) } : {}),
      ...this.scopeWhere(query.where, [...(query.table ? [query.table] : []), ...(query.from?.froms ?? [])]),
    };
  }

  protected override transformDeleteQuery(node: DeleteQueryNode): DeleteQueryNode {
    const query = super.transformDeleteQuery(node);
    return {
      ...query,
      ...(query.joins ? { joins: query.joins.map((join) => this.scopeJoin(join)) } : {}),
      ...this.scopeWhere(query.where, [...query.from.froms, ...(query.using?.tables ?? [])]),
    };
  }

  protected override transformInsertQuery(node: InsertQueryNode): InsertQueryNode {
    const query = super.transformInsertQuery(node);
    const table = query.into?.table.identifier.name;
    if (!table || !this.storeTables.has(table) || !query.values) return query;
    const at = query.columns?.findIndex((column) => column.column.name === 'web_id') ?? -1;
    if (at < 0) throw new OutsideStoreError(`A row of ${table} must name its store (web_id)`);
    if (ValuesNode.is(query.values))
      for (const row of query.values.values) {
        const value = PrimitiveValueListNode.is(row)
          ? row.values[at]
          : ValueListNode.is(row) && ValueNode.is(row.values[at]!)
            ? (row.values[at] as ValueNode).value
            : undefined;
        if (value !== this.webId) throw new OutsideStoreError(`A row of ${table} was written for another store`);
      }
    return query;
  }

  /** `web_id = store` for each store table among `tables`, added to `where`. */
  private scopeWhere(where: WhereNode | undefined, tables: readonly OperationNode[]): { where?: WhereNode } {
    let scoped = where;
    for (const table of tables) {
      const condition = this.conditionFor(table);
      if (condition) scoped = scoped ? WhereNode.cloneWithOperation(scoped, 'And', condition) : WhereNode.create(condition);
    }
    return scoped ? { where: scoped } : {};
  }

  private scopeJoin(join: JoinNode): JoinNode {
    const condition = this.conditionFor(join.table);
    return condition ? JoinNode.cloneWithOn(join, condition) : join;
  }

  /** The condition that keeps `table` (a table, or an aliased one) to the store's rows; null for other tables. */
  private conditionFor(table: OperationNode): OperationNode | null {
    let name: string | null = null;
    let reference: string | null = null;
    if (TableNode.is(table)) name = reference = table.table.identifier.name;
    else if (AliasNode.is(table) && TableNode.is(table.node) && IdentifierNode.is(table.alias)) {
      name = table.node.table.identifier.name;
      reference = table.alias.name;
    }
    if (!name || !reference || !this.storeTables.has(name)) return null;
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create('web_id'), TableNode.create(reference)),
      OperatorNode.create('='),
      ValueNode.create(this.webId),
    );
  }
}
