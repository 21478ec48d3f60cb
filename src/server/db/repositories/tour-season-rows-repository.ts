import { sql, type Kysely } from 'kysely';
import { deleteByIds } from '../delete-by-ids.js';
import type { Database } from '../schema.js';
import { selectRows } from '../select-rows.js';
import { WRITE_CHUNK } from '../write-chunk.js';

// Writing a list of child rows as sent: rows with an id are updated, rows without are inserted,
// the owner's rows not sent are deleted. Shared by extras, their variations, reductions and
// specifications (routes/tour-extras); the callers type the values and check ownership first.

export type OwnedTable =
  'tour_party_extras' | 'tour_room_extras' | 'tour_party_extra_variations' | 'tour_room_extra_variations' | 'tour_reductions' | 'tour_specifications';

/** The rows of `table` whose `column` is `id`: a season's extras, an extra's variations... */
export type Owner = { table: OwnedTable; column: 'tour_season_id' | 'tour_party_extra_id' | 'tour_room_extra_id'; id: number };

/** Column values of one row, keyed by column name (never `id` or the owner column). */
export type ColumnValues = Record<string, string | number | boolean | null>;

export type RowWrite = { id?: number; values: ColumnValues };

export type ReplaceOutcome = { ids: number[]; created: number[]; updated: number[]; deleted: number[] };

export async function ownedIds(db: Kysely<Database>, owner: Owner): Promise<Set<number>> {
  const rows = await selectRows(db, sql<{ id: number }>`SELECT id FROM ${sql.table(owner.table)} WHERE ${sql.ref(owner.column)} = ${owner.id}`);
  return new Set(rows.map((row) => row.id));
}

/**
 * Makes the owner's rows exactly `rows`, in the caller's transaction. Ownership must have been
 * checked. Answers the id of each row in the order sent, and what was created, updated, deleted.
 */
export async function replaceRows(trx: Kysely<Database>, owner: Owner, rows: readonly RowWrite[], existing: Set<number>): Promise<ReplaceOutcome> {
  const kept = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
  const keptIds = new Set(kept);
  const deleted = [...existing].filter((existingId) => !keptIds.has(existingId)).sort((a, b) => a - b);
  await deleteByIds(trx, owner.table, deleted);
  for (const row of rows) {
    const columns = Object.entries(row.values);
    if (row.id === undefined || !columns.length) continue;
    const assignments = columns.map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
    await sql`UPDATE ${sql.table(owner.table)} SET ${sql.join(assignments)} WHERE id = ${row.id}`.execute(trx);
  }
  const newIds = await insertRows(
    trx,
    owner,
    rows.filter((row) => row.id === undefined),
  );
  const created = [...newIds];
  const ids = rows.map((row) => row.id ?? newIds.shift()!);
  return { ids, created, updated: kept, deleted };
}

/**
 * Inserts new rows a chunk per statement (one statement per row took 6 s for 5,000 variations),
 * and answers their ids in the order of the rows. Rows of one call share their columns, but a
 * chunk is split where they do not.
 */
async function insertRows(trx: Kysely<Database>, owner: Owner, rows: readonly RowWrite[]): Promise<number[]> {
  const ids: number[] = [];
  let start = 0;
  while (start < rows.length) {
    const names = Object.keys(rows[start].values);
    const key = names.join();
    let end = start + 1;
    while (end < rows.length && end - start < WRITE_CHUNK && Object.keys(rows[end].values).join() === key) end += 1;
    const tuples = rows.slice(start, end).map((row) => sql`(${sql.join([owner.id, ...names.map((name) => row.values[name])].map((value) => sql`${value}`))})`);
    const columns = [owner.column, ...names].map((column) => sql.ref(column));
    const inserted = await sql<{ id: number }>`INSERT INTO ${sql.table(owner.table)} (${sql.join(columns)}) VALUES ${sql.join(tuples)} RETURNING id`.execute(
      trx,
    );
    // Serial ids are drawn in the order of the VALUES list, so ascending ids are the rows in order.
    ids.push(...inserted.rows.map((row) => row.id).sort((a, b) => a - b));
    start = end;
  }
  return ids;
}
