import { sql, type Kysely } from 'kysely';

// What a logical dump needs to know about the schema, read from the system catalogs so the dump
// follows every migration without a hand-kept list: the tables of the public schema (less
// Kysely's own bookkeeping), their columns with exact types, their foreign keys, and sequences.

export type CatalogColumn = { name: string; type: string; nullable: boolean };

export type CatalogTable = {
  name: string;
  columns: CatalogColumn[];
  primaryKey: string[];
  /** Nullable columns loaded as NULL first and set once every table is in (cyclic foreign keys). */
  deferredColumns: string[];
};

export type CatalogSequence = { name: string };

export type Catalog = {
  /** In load order: every table after the tables its foreign keys point at. */
  tables: CatalogTable[];
  sequences: CatalogSequence[];
};

type ForeignKey = { table: string; references: string; columns: string[] };

const BOOKKEEPING_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

export async function readCatalog<T>(db: Kysely<T>): Promise<Catalog> {
  const columnRows = await sql<{ table_name: string; column_name: string; column_type: string; not_null: boolean }>`
    SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS column_type, a.attnotnull AS not_null
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    ORDER BY c.relname, a.attnum`.execute(db);
  const keyRows = await sql<{ table_name: string; kind: string; referenced: string | null; columns: string[] }>`
    SELECT c.relname AS table_name, k.contype AS kind, r.relname AS referenced,
      ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY AS key(attnum, position)
            JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = key.attnum ORDER BY key.position) AS columns
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_class r ON r.oid = k.confrelid
    WHERE n.nspname = 'public' AND k.contype IN ('p', 'f')
    ORDER BY c.relname, k.conname`.execute(db);
  const sequenceRows = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`.execute(db);

  const tables = new Map<string, CatalogTable>();
  for (const row of columnRows.rows) {
    if (BOOKKEEPING_TABLES.has(row.table_name)) continue;
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], primaryKey: [], deferredColumns: [] };
    table.columns.push({ name: row.column_name, type: row.column_type, nullable: !row.not_null });
    tables.set(row.table_name, table);
  }
  const foreignKeys: ForeignKey[] = [];
  for (const row of keyRows.rows) {
    const table = tables.get(row.table_name);
    if (!table) continue;
    if (row.kind === 'p') table.primaryKey = row.columns;
    else if (row.referenced) foreignKeys.push({ table: row.table_name, references: row.referenced, columns: row.columns });
  }
  return { tables: orderForLoading(tables, foreignKeys), sequences: sequenceRows.rows };
}

/**
 * Orders tables so each comes after the tables it references. A foreign key that closes a cycle
 * (or points at its own table) cannot be satisfied row by row, so its columns are deferred: loaded
 * as NULL and filled in after all rows are in. That needs the columns to be nullable; a cycle of
 * NOT NULL keys cannot be loaded at all and is reported.
 */
export function orderForLoading(tables: Map<string, CatalogTable>, foreignKeys: ForeignKey[]): CatalogTable[] {
  const isNullable = (key: ForeignKey) => key.columns.every((name) => tables.get(key.table)?.columns.find((column) => column.name === name)?.nullable);
  const defer = (key: ForeignKey) => {
    const table = tables.get(key.table)!;
    if (!isNullable(key))
      throw new Error(`Cannot order table ${key.table}: its foreign key (${key.columns.join(', ')}) to ${key.references} is part of a cycle and NOT NULL.`);
    for (const name of key.columns) if (!table.deferredColumns.includes(name)) table.deferredColumns.push(name);
  };
  let pending = foreignKeys.filter((key) => tables.has(key.references));
  for (const key of pending.filter((candidate) => candidate.table === candidate.references)) defer(key);
  pending = pending.filter((key) => key.table !== key.references);

  const ordered: CatalogTable[] = [];
  const remaining = new Set([...tables.keys()].sort());
  while (remaining.size) {
    const ready = [...remaining].filter((name) => !pending.some((key) => key.table === name && remaining.has(key.references)));
    if (ready.length) {
      for (const name of ready) {
        ordered.push(tables.get(name)!);
        remaining.delete(name);
      }
      continue;
    }
    // Stuck: every remaining table waits on another, so following the waits must close a cycle.
    // Defer one nullable key of that cycle and carry on.
    const cycle = findCycle(remaining, pending);
    const breakable = cycle.find(isNullable);
    if (!breakable) throw new Error(`Cannot order tables ${cycle.map((key) => key.table).join(', ')}: their foreign keys form a cycle of NOT NULL columns.`);
    defer(breakable);
    pending = pending.filter((key) => key !== breakable);
  }
  return ordered;
}

function findCycle(remaining: Set<string>, pending: ForeignKey[]): ForeignKey[] {
  const path: ForeignKey[] = [];
  const seenAt = new Map<string, number>();
  let table = [...remaining][0];
  while (!seenAt.has(table)) {
    seenAt.set(table, path.length);
    const wait = pending.find((key) => key.table === table && remaining.has(key.references))!;
    path.push(wait);
    table = wait.references;
  }
  return path.slice(seenAt.get(table));
}
