// Bulk writing for the seed: multi-row INSERTs of a few hundred rows (one statement per batch is
// what makes 50,000 bookings feasible on the embedded database), and ids taken from each table's
// own sequence up front so children can point at parents without reading anything back.

import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Rows per INSERT: large enough to amortise a round trip, far below PostgreSQL's 65,535 parameters. */
export const BATCH_SIZE = 500;

export type TableName = keyof Database & string;

export async function insertRows<T extends TableName>(db: Kysely<Database>, table: T, rows: readonly Insertable<Database[T]>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    // Kysely cannot narrow a generic table's insert type; the rows are typed by the signature above.
    const batch = rows.slice(start, start + BATCH_SIZE) as Insertable<Database[TableName]>[];
    await db
      .insertInto(table as TableName)
      .values(batch as never)
      .execute();
  }
}

/**
 * Takes `count` ids from the table's serial sequence, ascending. Using the sequence (rather than
 * numbering from 1) keeps the ids safe even when the sequence has moved, and leaves it where a
 * later insert by the app expects it.
 */
export async function reserveIds(db: Kysely<Database>, table: TableName, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::integer AS id FROM generate_series(1, ${count})
  `.execute(db);
  return result.rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Gives each plan an id from the table's sequence (written into the plan) and inserts the rows it maps to. */
export async function insertWithIds<T extends TableName, P extends { id: number }>(
  db: Kysely<Database>,
  table: T,
  plans: readonly P[],
  toRow: (plan: P) => Insertable<Database[T]>,
): Promise<void> {
  const ids = await reserveIds(db, table, plans.length);
  plans.forEach((plan, index) => {
    plan.id = ids[index];
  });
  await insertRows(db, table, plans.map(toRow));
}
