import type { Kysely } from 'kysely';
import { changedFields, PRICE_SNAPSHOT_FIELDS, type PriceChange, type PriceChangeSource, type PriceSnapshot } from '../../domain/pricing/price-history.js';
import type { Database } from '../db/schema.js';

// Writes the price history (issue 22): one change set per save that changed stored prices, in the
// save's transaction, so a failed save leaves none and a saved one always has its record.

const INSERT_CHUNK = 500;

/** The snapshot fields of a stored or written price row. */
export function snapshotOf(row: Record<string, unknown>): PriceSnapshot {
  return Object.fromEntries(PRICE_SNAPSHOT_FIELDS.map((field) => [field, row[field] ?? null])) as PriceSnapshot;
}

/** A change of one row, or null when none of its price fields changed. */
export function priceChange(tourSeasonId: number, kind: string, rowId: number, before: PriceSnapshot | null, after: PriceSnapshot | null): PriceChange | null {
  if (before !== null && after !== null && changedFields(before, after).length === 0) return null;
  return { tour_season_id: tourSeasonId, kind, row_id: rowId, before, after };
}

const centsOf = (snapshot: PriceSnapshot | null) => Math.round((snapshot?.cost ?? 0) * 100);

/** Records the changes as one change set by `userId` (nothing when there are none); returns its id. */
export async function recordChangeSet(trx: Kysely<Database>, userId: number | null, source: PriceChangeSource, changes: readonly PriceChange[]): Promise<number | null> {
  if (changes.length === 0) return null;
  // Whole pence, so the total carries no binary fractions (DESIGN.md section 5).
  const costChange = changes.reduce((total, change) => total + centsOf(change.after) - centsOf(change.before), 0) / 100;
  const set = await trx.insertInto('price_change_sets').values({ user_id: userId, source, row_count: changes.length, cost_change: costChange }).returning('id').executeTakeFirstOrThrow();
  for (let start = 0; start < changes.length; start += INSERT_CHUNK) {
    const rows = changes.slice(start, start + INSERT_CHUNK).map((change) => ({
      change_set_id: set.id,
      tour_season_id: change.tour_season_id,
      kind: change.kind,
      row_id: change.row_id,
      before: JSON.stringify(change.before),
      after: JSON.stringify(change.after),
    }));
    await trx.insertInto('price_changes').values(rows).execute();
  }
  return set.id;
}
