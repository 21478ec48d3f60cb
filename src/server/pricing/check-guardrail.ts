import type { TourSeasonPricingContext } from '../../domain/pricing/tour-pricing.js';
import { belowGuardrailMessage, guardrailOf, hasGuardrail, rowsBelowGuardrail } from '../../domain/models/margin-guardrail.js';
import { effectiveRateId, isUsableCurrencyRate, profitOf } from '../../domain/price-maths.js';
import type { PriceRowValues } from '../../formulas/price-rows.js';
import { conflict } from '../http-errors.js';

/** One grid of a save: its rows as sent (their rate), the values about to be stored, and how the message names a row. */
export type GuardedGrid = {
  rows: readonly { markup_rate_id: number | null }[];
  values: readonly PriceRowValues[];
  /** '[2]' unless given ('Transfer [2]' for a supplement's variation). */
  label?: (index: number) => string;
};

/**
 * The rows a save leaves under the season model's margin guardrail (issue 22), over all its grids
 * (a season's prices, its bikes, every supplement's variations): refused with 409 on
 * `below_guardrail_confirmed`, naming the count and the rows, unless the save confirms exactly
 * that many. Answers the count, for the change set. Rows without a rate of the model are unpriced
 * and never under it, as in the grid.
 */
export function checkGuardrail(context: TourSeasonPricingContext, grids: readonly GuardedGrid[], confirmed: number | undefined): number {
  const guard = guardrailOf(context.model);
  const currencyRate = context.currency?.rate ?? null;
  if (!hasGuardrail(guard) || !isUsableCurrencyRate(currencyRate)) return 0;
  const rates = new Set((context.model?.rates ?? []).map((rate) => rate.id));
  const below = grids.flatMap(({ rows, values, label }) => {
    const outcomes = values.map((value, index) =>
      rates.has(effectiveRateId(rows[index].markup_rate_id))
        ? { cost: value.cost, profit: profitOf(value.net, value.cost, currencyRate) }
        : { error: 'not priced' },
    );
    return rowsBelowGuardrail(outcomes, guard).map((index) => (label ? label(index) : index));
  });
  if (below.length > 0 && confirmed !== below.length) throw conflict(belowGuardrailMessage(below, guard), 'below_guardrail_confirmed');
  return below.length;
}
