import type { Kysely } from 'kysely';
import { computePrice, effectiveRateId, isUsableCurrencyRate, type MissingPriceInput } from '../../domain/price-maths.js';
import type { PriceRowValues } from '../../formulas/price-rows.js';
import { listPriceFormulas, setNetAndCost } from '../db/repositories/price-list-repository.js';
import { bumpTourSeasonVersions } from '../db/repositories/tour-season-repository.js';
import type { Database } from '../db/schema.js';
import type { PriceChange, PriceRowKind } from '../../domain/pricing/price-history.js';
import { loadPriceList, type StoredPriceRow } from './load-price-list.js';
import { recordChangeSet, snapshotOf } from './price-history.js';
import { PRICE_LIST_KINDS, type PriceListName } from './price-lists.js';
import { shareTheThread } from '../thread-turns.js';
import { loadSeasonMathsInputs, type MathsOverrides, type SeasonMathsInputs } from './season-maths-inputs.js';

const LISTS = Object.keys(PRICE_LIST_KINDS) as PriceListName[];

/** One stored row whose computed values would change, with before and after. */
export type RowChange = { list: PriceListName; id: number; tour_season_id: number; before: StoredPriceRow; after: PriceRowValues };

/** A stored row the inputs before a change priced and the inputs after it cannot. */
export type StrandedRow = { list: PriceListName; id: number; tour_season_id: number; markup_rate_id: number; missing: MissingPriceInput };

export type RecomputePlan = { changes: RowChange[]; rowsChecked: number; stranded: StrandedRow[] };

/**
 * Works out, without writing, which stored rows of these tour seasons change when their maths
 * inputs (model rates, currency rate) are what the database holds now, or the proposed overrides.
 * Given the inputs `previous` to a change, it also lists the rows the change leaves unpriceable
 * (`stranded`), for the caller to refuse the change rather than leave them at a stale cost.
 */
export async function planRecompute(
  db: Kysely<Database>,
  tourSeasonIds: number[],
  overrides: MathsOverrides = {},
  previous?: ReadonlyMap<number, SeasonMathsInputs>,
): Promise<RecomputePlan> {
  const inputs = await loadSeasonMathsInputs(db, tourSeasonIds, overrides);
  const plan: RecomputePlan = { changes: [], rowsChecked: 0, stranded: [] };
  for (const list of LISTS) {
    const rows = await loadPriceList(db, list, tourSeasonIds);
    plan.rowsChecked += rows.length;
    // A rate or currency change never changes a gross: formulas refer only to grosses, and every
    // stored gross is its formula's value as of the save that stored it. Pricing the stored
    // grosses therefore gives the same net and cost as re-evaluating every formula, without
    // building a formula engine per season (the difference is seconds on a 20,000-row season).
    const ratesBySeason = new Map([...inputs].map(([id, season]) => [id, new Map(season.rates.map((rate) => [rate.id, rate]))]));
    for (const before of rows) {
      // A model change reprices tens of thousands of rows: the loop lets other requests in.
      await shareTheThread();
      const season = inputs.get(before.tour_season_id);
      if (!season) continue;
      const rate = ratesBySeason.get(before.tour_season_id)?.get(effectiveRateId(before.markup_rate_id));
      const after = { gross: before.gross, ...computePrice(before, rate, season.currencyRate, PRICE_LIST_KINDS[list]) };
      // Without a rate or a currency rate a row cannot be priced: its stored (possibly
      // hand-typed legacy) cost stays, as the legacy import keeps it.
      if (after.missing) {
        if (pricedWith(previous?.get(before.tour_season_id), before.markup_rate_id)) {
          plan.stranded.push({
            list,
            id: before.id,
            tour_season_id: before.tour_season_id,
            markup_rate_id: effectiveRateId(before.markup_rate_id),
            missing: after.missing,
          });
        }
        continue;
      }
      if (after.net !== before.net || after.cost !== before.cost) {
        plan.changes.push({ list, id: before.id, tour_season_id: before.tour_season_id, before, after });
      }
    }
  }
  return plan;
}

function pricedWith(inputs: SeasonMathsInputs | undefined, markupRateId: number | null): boolean {
  const id = effectiveRateId(markupRateId);
  return inputs !== undefined && isUsableCurrencyRate(inputs.currencyRate) && inputs.rates.some((rate) => rate.id === id);
}

/** What the price history calls each list's rows. */
export const HISTORY_KINDS: Record<PriceListName, PriceRowKind> = {
  prices: 'price',
  bikes: 'bike',
  party_extra_variations: 'party_extra_variation',
  room_extra_variations: 'room_extra_variation',
};

/** The plan's changes for the price history; formulas (not part of a plan) are read for the changed rows only. */
async function historyOf(db: Kysely<Database>, list: PriceListName, changes: readonly RowChange[]): Promise<PriceChange[]> {
  const rows = await listPriceFormulas(
    db,
    list,
    changes.map((change) => change.id),
  );
  const formulas = new Map(rows.map((row) => [row.id, row.formula]));
  return changes.map((change) => {
    const before = snapshotOf({ ...change.before, formula: formulas.get(change.id) ?? null });
    return {
      tour_season_id: change.tour_season_id,
      kind: HISTORY_KINDS[list],
      row_id: change.id,
      before,
      after: { ...before, net: change.after.net, cost: change.after.cost },
    };
  });
}

/**
 * Writes a plan's new net and cost, a few statements per list whatever the row count, and records
 * them in the price history as one change set (of every season the plan touches).
 */
export async function applyRecompute(db: Kysely<Database>, plan: RecomputePlan): Promise<void> {
  for (const list of LISTS) {
    const changes = plan.changes.filter((change) => change.list === list);
    for (let start = 0; start < changes.length; start += 10_000) {
      const chunk = changes.slice(start, start + 10_000);
      await setNetAndCost(
        db,
        list,
        chunk.map((change) => ({ id: change.id, net: change.after.net, cost: change.after.cost })),
      );
      await recordChangeSet(db, 'rates', await historyOf(db, list, chunk));
    }
  }
  const seasons = [...new Set(plan.changes.map((change) => change.tour_season_id))];
  // Stored prices changed under anyone who has the season open: their next save must reload.
  if (seasons.length) await bumpTourSeasonVersions(db, seasons);
}

/** Recomputes and stores every affected row of these tour seasons; returns how many changed. */
export async function recomputeTourSeasons(db: Kysely<Database>, tourSeasonIds: number[]): Promise<RecomputePlan> {
  const plan = await planRecompute(db, tourSeasonIds);
  await applyRecompute(db, plan);
  return plan;
}
