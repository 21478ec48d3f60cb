import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import { evaluatePriceRows } from '../../src/formulas/evaluate-price-rows.js';
import { isPriceRowError } from '../../src/formulas/price-rows.js';
import { loadPriceList } from '../../src/server/pricing/load-price-list.js';
import { PRICE_LIST_KINDS, type PriceListName } from '../../src/server/pricing/price-lists.js';
import { loadSeasonMathsInputs } from '../../src/server/pricing/season-maths-inputs.js';

type Stored = { id: number; net: number; cost: number };

/**
 * The stored net and cost of a tour season's list next to what the price engine computes from the
 * rates and currency rate stored now: equal when every affected row was recomputed.
 */
export async function storedAndEngineCosts(db: Kysely<Database>, list: PriceListName, tourSeasonId: number): Promise<{ stored: Stored[]; engine: Stored[] }> {
  const rows = await loadPriceList(db, list, [tourSeasonId]);
  const inputs = (await loadSeasonMathsInputs(db, [tourSeasonId])).get(tourSeasonId);
  if (!inputs) throw new Error(`No tour season ${tourSeasonId}`);
  // Stored grosses already hold their formulas' values; rate changes price them as they are.
  const outcomes = evaluatePriceRows(
    rows.map((row) => ({ ...row, formula: null })),
    inputs.rates,
    inputs.currencyRate,
    PRICE_LIST_KINDS[list],
  );
  return {
    stored: rows.map(({ id, net, cost }) => ({ id, net, cost })),
    engine: outcomes.map((outcome, index) =>
      isPriceRowError(outcome) ? { id: rows[index].id, net: NaN, cost: NaN } : { id: rows[index].id, net: outcome.net, cost: outcome.cost },
    ),
  };
}
