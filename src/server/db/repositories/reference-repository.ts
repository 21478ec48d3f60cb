import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export type Row = Record<string, unknown> & { id: number; version: number };
export type Values = Record<string, unknown>;

/**
 * A list a reference row owns, stored in a table of its own: a destination's regions, a
 * currency's season rates, a category's tours. Read in one query for a whole page of rows.
 */
export type ChildList = {
  field: string;
  read: (db: Kysely<Database>, parentIds: number[]) => Promise<Map<number, unknown[]>>;
  write: (trx: Kysely<Database>, parentId: number, value: unknown) => Promise<void>;
};

/** One reference resource's table: its own columns (schema keys are column names) and child lists. */
export type ReferenceTarget = {
  table: string;
  columns: readonly string[];
  children: readonly ChildList[];
  /** The column a detail address names: `slug` for resources addressed by slug, else `id`. */
  addressedBy: 'id' | 'slug';
};

export type ReferenceListOptions = { q?: string; sort: string; dir: 'asc' | 'desc'; page?: number; perPage: number };

// The reference tables are chosen at run time from the registry, so their rows are typed loosely
// here; the registry's zod schemas type them at the routes.
type LooseDatabase = Record<string, Record<string, unknown>>;
const loose = (db: Kysely<Database>) => db as unknown as Kysely<LooseDatabase>;

const selection = (target: ReferenceTarget) => ['id', 'version', ...target.columns];
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

async function withChildren(db: Kysely<Database>, target: ReferenceTarget, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => row.id);
  for (const child of target.children) {
    const lists = await child.read(db, ids);
    for (const row of rows) row[child.field] = lists.get(row.id) ?? [];
  }
  return rows;
}

async function writeChildren(trx: Kysely<Database>, target: ReferenceTarget, id: number, values: Values) {
  for (const child of target.children) if (values[child.field] !== undefined) await child.write(trx, id, values[child.field]);
}

/** A page of rows (all of them without `page`), searched by name, sorted, with the total. */
export async function listReferenceRows(
  db: Kysely<Database>,
  target: ReferenceTarget,
  options: ReferenceListOptions,
): Promise<{ results: Row[]; total: number }> {
  const search = options.q ? sql<boolean>`lower(name) LIKE ${`%${escapeLike(options.q.toLowerCase())}%`} ESCAPE '\\'` : null;
  const rowsOf = search ? loose(db).selectFrom(target.table).where(search) : loose(db).selectFrom(target.table);
  const key = options.sort === 'name' ? sql`lower(name)` : sql.ref(options.sort);
  // id last, so rows with equal names keep a stable order from page to page.
  let query = rowsOf.select(selection(target)).orderBy(key, options.dir).orderBy('id', options.dir);
  if (options.page) query = query.limit(options.perPage).offset((options.page - 1) * options.perPage);
  const results = await withChildren(db, target, (await query.execute()) as Row[]);
  if (!options.page) return { results, total: results.length };
  const count = await rowsOf.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return { results, total: count.total as number };
}

async function findBy(db: Kysely<Database>, target: ReferenceTarget, column: string, value: number | string): Promise<Row | null> {
  const rows = (await loose(db).selectFrom(target.table).select(selection(target)).where(column, '=', value).execute()) as Row[];
  if (rows.length === 0) return null;
  return (await withChildren(db, target, rows))[0];
}

/** The row a detail address names (its id, or its slug for resources addressed by slug). */
export const findReferenceRow = (db: Kysely<Database>, target: ReferenceTarget, ref: number | string) => findBy(db, target, target.addressedBy, ref);

export const findReferenceRowById = (db: Kysely<Database>, target: ReferenceTarget, id: number) => findBy(db, target, 'id', id);

/** A row this request has just written, so it must exist. */
export async function reloadReferenceRow(db: Kysely<Database>, target: ReferenceTarget, id: number): Promise<Row> {
  const row = await findReferenceRowById(db, target, id);
  if (!row) throw new Error(`${target.table} ${id} vanished right after it was written`);
  return row;
}

const columnValues = (target: ReferenceTarget, values: Values) => Object.fromEntries(target.columns.map((column) => [column, values[column] ?? null]));

export async function insertReferenceRow(trx: Kysely<Database>, target: ReferenceTarget, values: Values): Promise<number> {
  const { id } = await loose(trx).insertInto(target.table).values(columnValues(target, values)).returning('id').executeTakeFirstOrThrow();
  await writeChildren(trx, target, id as number, values);
  return id as number;
}

/** Writes the row only if nobody changed it since `version` was read; false when someone did. */
export async function updateReferenceRow(trx: Kysely<Database>, target: ReferenceTarget, id: number, version: number, values: Values): Promise<boolean> {
  const written = await loose(trx)
    .updateTable(target.table)
    .set({ ...columnValues(target, values), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  if (!written) return false;
  await writeChildren(trx, target, id, values);
  return true;
}

export async function deleteReferenceRow(trx: Kysely<Database>, target: ReferenceTarget, id: number): Promise<boolean> {
  return Boolean(await loose(trx).deleteFrom(target.table).where('id', '=', id).returning('id').executeTakeFirst());
}

/** A change to a row's child list is a change to the row: its version moves too, if it is still `version`; false when it is not. */
export async function bumpReferenceVersion(trx: Kysely<Database>, target: ReferenceTarget, id: number, version: number): Promise<boolean> {
  return Boolean(
    await loose(trx)
      .updateTable(target.table)
      .set({ version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning('id')
      .executeTakeFirst(),
  );
}
