import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { selectRows } from '../../db/select-rows.js';
import { PRICE_LIST_TABLES } from '../../pricing/price-lists.js';

const TABLES = Object.values(PRICE_LIST_TABLES);

/** The removed rates that any stored price, bike or extra variation still points at. */
export async function ratesInUse(db: Kysely<Database>, rateIds: readonly number[]): Promise<Set<number>> {
  if (rateIds.length === 0) return new Set();
  const probes = TABLES.map(
    (table) => sql<{ id: number }>`SELECT DISTINCT markup_rate_id AS id FROM ${sql.table(table)} WHERE markup_rate_id = ANY(${[...rateIds]}::int[])`,
  );
  const rows = await selectRows(db, sql<{ id: number }>`${sql.join(probes, sql` UNION `)}`);
  return new Set(rows.map((row) => row.id));
}

/** Points every row of a removed rate at its replacement; returns how many rows moved. */
export async function moveRates(db: Kysely<Database>, moves: ReadonlyMap<number, number>): Promise<number> {
  if (moves.size === 0) return 0;
  const from = [...moves.keys()];
  const to = [...moves.values()];
  let moved = 0;
  for (const table of TABLES) {
    const result = await sql`
      UPDATE ${sql.table(table)} AS t SET markup_rate_id = m.to_id
      FROM unnest(${from}::int[], ${to}::int[]) AS m(from_id, to_id)
      WHERE t.markup_rate_id = m.from_id`.execute(db);
    moved += Number(result.numAffectedRows ?? 0);
  }
  return moved;
}

/** How many rows `moveRates` would move, for the preview. */
export async function countRateMoves(db: Kysely<Database>, rateIds: readonly number[]): Promise<number> {
  if (rateIds.length === 0) return 0;
  const counts = TABLES.map(
    (table) => sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE markup_rate_id = ANY(${[...rateIds]}::int[])`,
  );
  const rows = await selectRows(db, sql<{ n: number }>`${sql.join(counts, sql` UNION ALL `)}`);
  return rows.reduce((total, row) => total + row.n, 0);
}
