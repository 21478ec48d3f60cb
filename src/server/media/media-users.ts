import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { selectRows } from '../db/select-rows.js';

/** What images and galleries can be used by; every foreign key to them is found in the catalogue. */
export type MediaTarget = 'media' | 'galleries';

type Reference = { table: string; column: string; columns: Set<string> };
type UseRow = { target: number; name: string | null; deleted: boolean | null; day: number | null; row_id: number | null };

const COLUMN_LABELS: Record<string, string> = {
  media_id: 'image',
  hero_id: 'hero image',
  map_id: 'map',
  gallery_id: 'gallery',
  accommodation_gallery_id: 'accommodation gallery',
  banner_id: 'banner',
  overview_image_id: 'overview image',
};
// SPEC.md section 3 calls a tour's media_id its overview image.
const SPECIAL_LABELS: Record<string, string> = { 'tours.media_id': 'overview image' };

const columnLabel = (table: string, column: string) =>
  SPECIAL_LABELS[`${table}.${column}`] ?? COLUMN_LABELS[column] ?? column.replace(/_id$/, '').replaceAll('_', ' ');
const singular = (table: string) =>
  table
    .replaceAll('_', ' ')
    .replace(/ies$/, 'y')
    .replace(/([^s])s$/, '$1');

/**
 * Every table and column that points at `target`, read from PostgreSQL's catalogue, so tables
 * added later (pages, offers) are covered without being listed here. Keys that cascade on delete
 * are parts of the target (a gallery's list of images), not users of it.
 */
async function referencesTo(db: Kysely<Database>, target: MediaTarget): Promise<Reference[]> {
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

/** The rows of one referencing table that use any of `ids`, with what names them. */
function usesQuery({ table, column, columns }: Reference, ids: number[]): RawBuilder<UseRow> {
  const idList = sql.join(ids);
  const own = (name: string) => (columns.has(name) ? sql`x.${sql.ref(name)}` : sql`NULL`);
  // Rows that belong to a tour (an itinerary day, the documentation) are named by their tour.
  if (table !== 'tours' && columns.has('tour_id')) {
    return sql<UseRow>`
      SELECT x.${sql.ref(column)} AS target, t.name AS name, t.deleted AS deleted, ${own('day')} AS day, NULL::integer AS row_id
      FROM ${sql.table(table)} x JOIN tours t ON t.id = x.tour_id
      WHERE x.${sql.ref(column)} IN (${idList})`;
  }
  const name = columns.has('name') ? sql`x.name` : columns.has('title') ? sql`x.title` : sql`NULL`;
  const rowId = table === 'gallery_media' ? sql`x.gallery_id` : columns.has('id') ? sql`x.id` : sql`NULL`;
  return sql<UseRow>`
    SELECT x.${sql.ref(column)} AS target, ${name}::text AS name, ${own('deleted')}::boolean AS deleted, NULL::integer AS day, ${rowId}::integer AS row_id
    FROM ${sql.table(table)} x
    WHERE x.${sql.ref(column)} IN (${idList})`;
}

function describe(reference: Reference, row: UseRow): string {
  const { table, column } = reference;
  if (table === 'gallery_media') return `gallery ${row.row_id}`;
  const deleted = row.deleted ? ', deleted' : '';
  if (table !== 'tours' && reference.columns.has('tour_id')) {
    const part = row.day !== null ? `${singular(table)} day ${row.day}` : singular(table);
    return `tour "${row.name ?? ''}" (${part} ${columnLabel(table, column)}${deleted})`;
  }
  const who = row.name !== null ? `${singular(table)} "${row.name}"` : `${singular(table)} ${row.row_id ?? ''}`.trim();
  return `${who} (${columnLabel(table, column)}${deleted})`;
}

/** For each of `ids`, what uses it, in words staff recognise ('tour "Danube" (overview image)'). */
export async function findUsers(db: Kysely<Database>, target: MediaTarget, ids: number[]): Promise<Map<number, string[]>> {
  const users = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return users;
  for (const reference of await referencesTo(db, target)) {
    const { rows } = await usesQuery(reference, ids).execute(db);
    for (const row of rows) {
      const list = users.get(row.target);
      const words = describe(reference, row);
      if (list && !list.includes(words)) list.push(words);
    }
  }
  for (const list of users.values()) list.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return users;
}

const SHOWN = 5;

/** The sentence of a refused delete: 'This image is used by ..., so it was not deleted.' */
export function inUseSentence(what: string, users: string[]): string {
  const shown = users.slice(0, SHOWN).join(', ');
  const more = users.length > SHOWN ? ` and ${users.length - SHOWN} more` : '';
  return `${what} is used by ${shown}${more}, so it was not deleted.`;
}
