import type { Kysely } from 'kysely';
import { PRICE_SNAPSHOT_FIELDS, type PriceChange, type PriceRowKind, type PriceSnapshot } from '../../../domain/pricing/price-history.js';
import { listPriceSnapshots } from '../../db/repositories/price-list-repository.js';
import { listTourSeasonNames } from '../../db/repositories/tour-season-repository.js';
import type { Database } from '../../db/schema.js';
import type { PriceListName } from '../price-lists.js';
import { HISTORY_KINDS, type RecomputePlan } from '../recompute-tour-seasons.js';

const LIST_OF_KIND = new Map(Object.entries(HISTORY_KINDS).map(([list, kind]) => [kind, list as PriceListName]));
const keyOf = (kind: PriceRowKind, id: number) => `${kind}:${id}`;

/** The rows of a change set as they stand now, by kind and id (a removed row is absent). */
async function currentRows(db: Kysely<Database>, changes: readonly PriceChange[]): Promise<Map<string, PriceSnapshot>> {
  const current = new Map<string, PriceSnapshot>();
  for (const [kind, list] of LIST_OF_KIND) {
    const ids = changes.filter((change) => change.kind === kind).map((change) => change.row_id);
    if (ids.length === 0) continue;
    for (const row of await listPriceSnapshots(db, list, ids)) current.set(keyOf(kind, row.id), row);
  }
  return current;
}

const sameSnapshot = (a: PriceSnapshot, b: PriceSnapshot) => PRICE_SNAPSHOT_FIELDS.every((field) => a[field] === b[field]);

/**
 * The tour seasons where a rollback would not exactly undo the change set: a row of the set that
 * is gone or no longer holds what the set left (saved since), one the before rates would not price
 * back to the set's before, or a row the before rates would reprice that the set never changed
 * (added, moved or repriced since). Empty when the plan is exactly the set reversed.
 */
export async function staleSeasons(db: Kysely<Database>, changes: readonly PriceChange[], plan: RecomputePlan): Promise<Set<number>> {
  const stale = new Set<number>();
  const inSet = new Map(changes.map((change) => [keyOf(change.kind, change.row_id), change]));
  const planned = new Map(plan.changes.map((change) => [keyOf(HISTORY_KINDS[change.list], change.id), change]));
  const current = await currentRows(db, changes);
  for (const [key, change] of inSet) {
    const now = current.get(key);
    const back = planned.get(key);
    const before = change.before as PriceSnapshot | null;
    const after = change.after as PriceSnapshot | null;
    const exact = now && before && after && back && sameSnapshot(now, after) && back.after.net === before.net && back.after.cost === before.cost;
    if (!exact) stale.add(change.tour_season_id);
  }
  for (const [key, change] of planned) if (!inSet.has(key)) stale.add(change.tour_season_id);
  return stale;
}

const NAMED = 20;

/** How staff know the seasons: "ABC Tour name, Season name", the first few of many. */
export async function seasonNames(db: Kysely<Database>, tourSeasonIds: ReadonlySet<number>): Promise<string> {
  const rows = await listTourSeasonNames(db, [...tourSeasonIds]);
  const names = rows.slice(0, NAMED).map((row) => `${row.tour_code ? `${row.tour_code} ` : ''}${row.tour}, ${row.season}`);
  return rows.length > NAMED ? `${names.join('; ')} and ${rows.length - NAMED} more` : names.join('; ');
}
