import type { Kysely } from 'kysely';
import {
  changedFields,
  PRICE_SNAPSHOT_FIELDS,
  snapshotFieldsOf,
  type PriceChange,
  type PriceChangeSource,
  type PriceRowKind,
  type PriceSnapshot,
  type RatesChange,
  type RowSnapshot,
} from '../../domain/pricing/price-history.js';
import { actingUserId } from '../auth/acting-user.js';
import {
  addBelowGuardrail,
  addToChangeSet,
  findChangeSetOrigin,
  insertChangeSet,
  insertPriceChanges,
  setRatesChange,
} from '../db/repositories/price-history-repository.js';
import type { Database } from '../db/schema.js';

// Writes the price history (issue 22): one change set per save that changed stored prices, in the
// save's transaction, so a failed save leaves none and a saved one always has its record.

/** The snapshot fields of a stored or written price row. */
export function snapshotOf(row: Record<string, unknown>): PriceSnapshot {
  return Object.fromEntries(PRICE_SNAPSHOT_FIELDS.map((field) => [field, row[field] ?? null])) as PriceSnapshot;
}

/** The snapshot fields of a stored or written row of `kind`. */
export const kindSnapshotOf = (kind: PriceRowKind, row: Record<string, unknown>): RowSnapshot =>
  Object.fromEntries(snapshotFieldsOf(kind).map((field) => [field, row[field] ?? null])) as RowSnapshot;

/** A change of one row, or null when none of its price fields changed. */
export function priceChange(
  tourSeasonId: number,
  kind: PriceRowKind,
  rowId: number,
  before: RowSnapshot | null,
  after: RowSnapshot | null,
): PriceChange | null {
  if (before !== null && after !== null && changedFields(before, after).length === 0) return null;
  return { tour_season_id: tourSeasonId, kind, row_id: rowId, before, after };
}

const centsOf = (snapshot: RowSnapshot | null) => Math.round((snapshot?.cost ?? 0) * 100);

/**
 * Pounds the changes move cost by, summed in whole pence so the total carries no binary fractions.
 * A reduction's cost is an amount off, not a price's cost: it moves none.
 */
export const costChangeOf = (changes: readonly PriceChange[]) =>
  changes.filter((change) => change.kind !== 'reduction').reduce((total, change) => total + centsOf(change.after) - centsOf(change.before), 0) / 100;

/** The change set a transaction has opened: a save that writes several lists still writes one. */
const openSets = new WeakMap<object, number>();

/**
 * Records the changes in the transaction's change set, by the acting staff member, opening it at
 * the first changes (a save that changes nothing writes none). Returns the set's id, or null.
 */
export async function recordChangeSet(
  trx: Kysely<Database>,
  source: PriceChangeSource,
  changes: readonly PriceChange[],
  /** How many rows the save left under the margin guardrail (it confirmed them). */
  { belowGuardrail = 0 }: { belowGuardrail?: number } = {},
): Promise<number | null> {
  const open = openSets.get(trx) ?? null;
  if (changes.length === 0) {
    // A save whose grids are recorded one by one adds its guardrail count once, at the end.
    if (open !== null && belowGuardrail > 0) await addBelowGuardrail(trx, open, belowGuardrail);
    return open;
  }
  let setId = open;
  if (setId === null) {
    setId = await insertChangeSet(trx, {
      user_id: actingUserId(),
      source,
      row_count: changes.length,
      cost_change: costChangeOf(changes),
      below_guardrail: belowGuardrail,
    });
    // Outside a transaction every call is a save of its own.
    if (trx.isTransaction) openSets.set(trx, setId);
  } else {
    await addToChangeSet(trx, setId, { rows: changes.length, costChange: costChangeOf(changes), belowGuardrail });
  }
  await insertPriceChanges(trx, setId, changes);
  return setId;
}

/** The change set this transaction has written so far, or null. */
export const openChangeSetId = (trx: Kysely<Database>): number | null => openSets.get(trx) ?? null;

/**
 * Records the rate change behind the transaction's 'rates' change set (none when it repriced no
 * row). A currency save changing several seasons' rates adds each to the same record.
 */
export async function recordRatesChange(trx: Kysely<Database>, change: RatesChange): Promise<void> {
  const setId = openChangeSetId(trx);
  if (setId === null) return;
  const stored = await findChangeSetOrigin(trx, setId);
  if (!stored) throw new Error(`Change set ${setId} was opened in this transaction and is gone`);
  const merged =
    stored.rates_change?.kind === 'currency' && change.kind === 'currency' && stored.rates_change.currency_id === change.currency_id
      ? { ...change, rates: [...stored.rates_change.rates, ...change.rates] }
      : change;
  await setRatesChange(trx, setId, merged);
}

/** The changes between stored rows (by id) and the rows written (with their ids), removed rows included. */
export function listChanges(
  tourSeasonId: number,
  kind: PriceRowKind,
  stored: ReadonlyMap<number, Record<string, unknown>>,
  written: readonly (Record<string, unknown> & { id: number })[],
): PriceChange[] {
  const kept = new Set(written.map((row) => row.id));
  return [
    ...[...stored].filter(([id]) => !kept.has(id)).map(([id, row]) => priceChange(tourSeasonId, kind, id, kindSnapshotOf(kind, row), null)),
    ...written.map((row) =>
      priceChange(tourSeasonId, kind, row.id, stored.has(row.id) ? kindSnapshotOf(kind, stored.get(row.id)!) : null, kindSnapshotOf(kind, row)),
    ),
  ].filter((change): change is PriceChange => change !== null);
}
