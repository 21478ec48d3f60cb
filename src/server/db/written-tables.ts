import { AliasNode, TableNode, type OperationNode, type RootOperationNode } from 'kysely';

/** What a statement writes: no table (a read), these tables, or possibly any table. */
export type WrittenTables = readonly string[] | 'any' | null;

function tableName(node: OperationNode | undefined): string | null {
  if (node && AliasNode.is(node)) return tableName(node.node);
  return node && TableNode.is(node) ? node.table.identifier.name : null;
}

const targetsOf = (node: OperationNode): readonly (OperationNode | undefined)[] | null => {
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return [(node as unknown as { into?: OperationNode }).into];
    case 'UpdateQueryNode':
      return [(node as unknown as { table?: OperationNode }).table];
    case 'DeleteQueryNode':
      return (node as unknown as { from: { froms: readonly OperationNode[] } }).from.froms;
    default:
      return null;
  }
};

/**
 * The tables a compiled statement writes, read from the kind of Kysely's query tree, not from the
 * SQL text. A select writes nothing unless one of its common table expressions does (PostgreSQL
 * allows data-changing statements only there and at the top). A statement Kysely did not build
 * (sql`...`, schema changes) may do anything, so it counts as writing any table: a needless
 * count only costs the read cache a miss. A hand-written read that runs often goes through a
 * builder instead (`db.selectFrom(sql`(...)`.as('r'))`).
 */
export function writtenTables(node: RootOperationNode | OperationNode): WrittenTables {
  const ctes = ((node as { with?: { expressions: readonly { expression: OperationNode }[] } }).with?.expressions ?? []).map((cte) =>
    writtenTables(cte.expression),
  );
  let own: WrittenTables;
  if (node.kind === 'SelectQueryNode') own = null;
  else {
    const targets = targetsOf(node);
    const names = targets?.map(tableName) ?? [null];
    own = names.every((name): name is string => name !== null) ? names : 'any';
  }
  return [own, ...ctes].reduce<WrittenTables>((all, part) => {
    if (all === 'any' || part === 'any') return 'any';
    if (!part) return all;
    return all ? [...new Set([...all, ...part])] : part;
  }, null);
}
