import type { PriceFields } from '../../domain/pricing/price-fields.js';
import type { PriceRowValues } from '../../formulas/price-rows.js';

/** A stored row's price inputs with the net and cost stored with them. */
export type StoredPrice = PriceFields & { net: number; cost: number };

/**
 * What to store for a row being saved again. When the season cannot price it (no model rate or
 * no currency rate: computePrice marks the result `missing` and gives cost = adjustment) and its
 * price inputs are those already stored, the stored net and cost stay: legacy costs were typed by
 * hand, and the recompute and the legacy import keep them the same way. Saving an unchanged row
 * must not wipe them. A row whose inputs changed keeps `missing`, for the save to refuse it.
 */
export function keepStoredCostWhenUnpriced(input: PriceFields, value: PriceRowValues, stored: StoredPrice | undefined): PriceRowValues {
  if (!value.missing || stored === undefined) return value;
  const unchanged =
    stored.formula === input.formula &&
    stored.gross === value.gross &&
    stored.non_com === input.non_com &&
    stored.adjustment === input.adjustment &&
    stored.markup_rate_id === input.markup_rate_id;
  if (!unchanged) return value;
  // The stored net and cost are what the row is priced at: no longer missing anything.
  const { missing: _missing, ...priced } = value;
  return { ...priced, net: stored.net, cost: stored.cost };
}
