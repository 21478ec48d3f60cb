// Multi-row upserts keyed by the legacy id. A row whose imported columns already hold the same
// values is not written at all (the WHERE on DO UPDATE), so a second import changes nothing,
// not even versions, and the counts say what really changed.

import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export type UpsertPlan = {
  table: keyof Database & string;
  /** The conflict target: ['id'], or the composite primary key. */
  key: readonly string[];
  /** Columns written only when the row is new: staff may have filled them in since (a boat's description). */
  insertOnly?: readonly string[];
  /** The table carries a `version` for optimistic locking: a changed row gets the next one. */
  versioned?: boolean;
};

export type UpsertCounts = { inserted: number; updated: number; unchanged: number; insertedIds: number[]; updatedIds: number[] };

// 500 rows of at most 16 columns stay far below PostgreSQL's 65,535 parameters per statement.
export const UPSERT_BATCH_SIZE = 500;

export async function upsertRows(
  db: Kysely<Database>,
  plan: UpsertPlan,
  rows: readonly Record<string, unknown>[],
  batchSize = UPSERT_BATCH_SIZE,
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0, insertedIds: [], updatedIds: [] };
  if (rows.length === 0) return counts;
  const columns = Object.keys(rows[0]);
  const updated = columns.filter((column) => !plan.key.includes(column) && !(plan.insertOnly ?? []).includes(column));
  const hasId = plan.key.length === 1 && plan.key[0] === 'id';
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const result = await upsertStatement(plan, columns, updated, hasId, batch).execute(db);
    for (const row of result.rows) {
      if (row.inserted) counts.inserted++;
      else counts.updated++;
      if (row.id !== null) (row.inserted ? counts.insertedIds : counts.updatedIds).push(row.id);
    }
    counts.unchanged += batch.length - result.rows.length;
  }
  return counts;
}

function upsertStatement(plan: UpsertPlan, columns: string[], updated: string[], hasId: boolean, batch: readonly Record<string, unknown>[]) {
  const values = sql.join(batch.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`));
  const assignments = updated.map((column) => sql`${sql.id(column)} = excluded.${sql.id(column)}`);
  if (plan.versioned) assignments.push(sql`version = current.version + 1`);
  const current = sql.join(updated.map((column) => sql`current.${sql.id(column)}`));
  const incoming = sql.join(updated.map((column) => sql`excluded.${sql.id(column)}`));
  const onConflict = sql`ON CONFLICT (${sql.join(plan.key.map((column) => sql.id(column)))})`;
  const action = assignments.length === 0 ? sql`DO NOTHING` : sql`DO UPDATE SET ${sql.join(assignments)} WHERE (${current}) IS DISTINCT FROM (${incoming})`;
  // xmax is 0 only in a row version this statement inserted: it tells inserts from updates.
  return sql<{ inserted: boolean; id: number | null }>`
    INSERT INTO ${sql.table(plan.table)} AS current (${sql.join(columns.map((column) => sql.id(column)))})
    VALUES ${values}
    ${onConflict} ${action}
    RETURNING (current.xmax = 0) AS inserted, ${hasId ? sql`current.id` : sql`NULL::integer`} AS id`;
}
