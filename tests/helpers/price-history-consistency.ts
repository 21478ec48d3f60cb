import { sql, type Kysely } from 'kysely';
import { PRICE_ROW_KINDS, snapshotFieldsOf, type PriceRowKind, type RowSnapshot } from '../../src/domain/pricing/price-history.js';
import type { Database } from '../../src/server/db/schema.js';
import { kindSnapshotOf } from '../../src/server/pricing/price-history.js';

const TABLE_OF: Record<PriceRowKind, 'tour_prices' | 'tour_bikes' | 'tour_party_extra_variations' | 'tour_room_extra_variations' | 'tour_reductions'> = {
  price: 'tour_prices',
  bike: 'tour_bikes',
  party_extra_variation: 'tour_party_extra_variations',
  room_extra_variation: 'tour_room_extra_variations',
  reduction: 'tour_reductions',
};

/**
 * Whether the price history agrees with the prices (issue 22), read straight from the database:
 * every change set holds as many changes as it counts (none empty), and the latest change of every
 * row that has history is the row as stored (after null: the row is gone). Answers each
 * disagreement in words, and how many rows with history were checked.
 */
export async function inconsistentHistory(db: Kysely<Database>): Promise<{ problems: string[]; rowsChecked: number }> {
  const problems: string[] = [];
  const miscounted = await sql<{ id: number; row_count: number; changes: number }>`
    SELECT s.id, s.row_count, count(c.id)::int AS changes FROM price_change_sets s LEFT JOIN price_changes c ON c.change_set_id = s.id
    GROUP BY s.id HAVING count(c.id) <> s.row_count OR count(c.id) = 0 ORDER BY s.id`.execute(db);
  for (const set of miscounted.rows) problems.push(`change set ${set.id} counts ${set.row_count} rows but holds ${set.changes}`);

  let rowsChecked = 0;
  for (const kind of PRICE_ROW_KINDS) {
    const latest = await sql<{ row_id: number; change_set_id: number; after: RowSnapshot | null }>`
      SELECT DISTINCT ON (row_id) row_id, change_set_id, after FROM price_changes WHERE kind = ${kind}
      ORDER BY row_id, change_set_id DESC, id DESC`.execute(db);
    const stored = new Map(
      (await db.selectFrom(TABLE_OF[kind]).selectAll().execute()).map((row) => [row.id, kindSnapshotOf(kind, row as Record<string, unknown>)]),
    );
    for (const change of latest.rows) {
      rowsChecked++;
      const row = stored.get(change.row_id);
      const where = `${kind} ${change.row_id} (latest change in set ${change.change_set_id})`;
      if (change.after === null) {
        if (row) problems.push(`${where}: removed in its history, still stored`);
        continue;
      }
      if (!row) {
        problems.push(`${where}: in its history, not stored`);
        continue;
      }
      const after = change.after as Record<string, unknown>;
      const values = row as Record<string, unknown>;
      const differing = snapshotFieldsOf(kind).filter((field) => after[field] !== values[field]);
      if (differing.length)
        problems.push(`${where}: ${differing.map((field) => `${field} ${String(after[field])} in history, ${String(values[field])} stored`).join('; ')}`);
    }
  }
  return { problems, rowsChecked };
}
