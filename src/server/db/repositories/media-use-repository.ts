import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../schema.js';
import { selectRows } from '../select-rows.js';

/** What images and galleries can be used by; every foreign key to them is found in the catalogue. */
export type MediaTarget = 'media' | 'galleries';

/** A column that points at a target, with every column of its table (to know what names a row). */
export type MediaReference = { table: string; column: string; columns: Set<string> };

/** A row that uses a target, with what names it: its own name or title, or its tour's. */
export type MediaUseRow = { target: number; name: string | null; deleted: boolean | null; day: number | null; row_id: number | null };

/**
 * Every table and column that points at `target`, read from PostgreSQL's catalogue, so tables
 * added later (pages, offers) are covered without being listed anywhere. Keys that cascade on
 * delete are parts of the target (a gallery's list of images), not users of it.
 */
export async function listReferencesTo(db: Kysely<Database>, target: MediaTarget): Promise<MediaReference[]> {
  const rows = await selectRows(
    db,
    sql<{ table_name: string; column_name: string }>`
    SELECT cl.relname AS table_name, att.attname AS column_name
    FROM pg_constraint con
    JOIN pg_class cl ON cl.oid = con.conrelid
    JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
    WHERE con.contype = 'f' AND con.confrelid = ${sql.lit(target)}::regclass AND con.confdeltype <> 'c'
    ORDER BY cl.relname, att.attname
  `,
  );
  if (!rows.length) return [];
  const tables = [...new Set(rows.map((row) => row.table_name))];
  const columns = await selectRows(
    db,
    sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name IN (${sql.join(tables)})
  `,
  );
  const byTable = new Map<string, Set<string>>();
  for (const row of columns) byTable.set(row.table_name, (byTable.get(row.table_name) ?? new Set()).add(row.column_name));
  return rows.map((row) => ({ table: row.table_name, column: row.column_name, columns: byTable.get(row.table_name) ?? new Set() }));
}

/** The query of the rows of one referencing table that use any of `ids`, with what names them. */
function usesQuery({ table, column, columns }: MediaReference, ids: readonly number[]): RawBuilder<MediaUseRow> {
  const idList = sql.join([...ids]);
  const own = (name: string) => (columns.has(name) ? sql`x.${sql.ref(name)}` : sql`NULL`);
  // Rows that belong to a tour (an itinerary day, the documentation) are named by their tour.
  if (table !== 'tours' && columns.has('tour_id')) {
    return sql<MediaUseRow>`
      SELECT x.${sql.ref(column)} AS target, t.name AS name, t.deleted AS deleted, ${own('day')} AS day, NULL::integer AS row_id
      FROM ${sql.table(table)} x JOIN tours t ON t.id = x.tour_id
      WHERE x.${sql.ref(column)} IN (${idList})`;
  }
  const name = columns.has('name') ? sql`x.name` : columns.has('title') ? sql`x.title` : sql`NULL`;
  const rowId = table === 'gallery_media' ? sql`x.gallery_id` : columns.has('id') ? sql`x.id` : sql`NULL`;
  return sql<MediaUseRow>`
    SELECT x.${sql.ref(column)} AS target, ${name}::text AS name, ${own('deleted')}::boolean AS deleted, NULL::integer AS day, ${rowId}::integer AS row_id
    FROM ${sql.table(table)} x
    WHERE x.${sql.ref(column)} IN (${idList})`;
}

/** The rows of one referencing table that use any of `ids` (not empty). */
export async function listUsesOf(db: Kysely<Database>, reference: MediaReference, ids: readonly number[]): Promise<MediaUseRow[]> {
  return (await usesQuery(reference, ids).execute(db)).rows;
}
