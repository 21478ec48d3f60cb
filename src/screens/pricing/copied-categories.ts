import { rateInSeason } from '../../domain/pricing/copied-rate';
import { storedDateRanges } from '../../domain/pricing/date-ranges';
import { shiftDatedFields } from '../../domain/pricing/shift-dated-fields';
import type { SeasonPricing, SeasonRate } from '../../domain/pricing/tour-pricing';
import { copyPriceRows } from '../../formulas/copy-price-rows';
import { newRowKey } from '../../grid/price-row';
import { newGroupKey, rowFromPrice, type PriceGroup, type PricingRow } from './price-groups';

/**
 * Copy From on the pricing tab: another tour season's price groups as new groups placed at row
 * `at` of this season's grid. `[n]` references are remapped to the copied rows, commission rates
 * to this season's model, every date moved by `years` (into this season's year), and routes
 * dropped (they belong to the other tour season).
 */
export function copiedCategories(source: SeasonPricing, at: number, rates: readonly SeasonRate[], years = 0): { groups: PriceGroup[]; rows: PricingRow[] } {
  const sourceRates = source.tour_season.model?.rates ?? [];
  const copies = copyPriceRows(
    source.categories.flatMap((category) => category.prices),
    0,
    at,
  );
  const rows = copies.map((price): PricingRow => ({
    ...rowFromPrice({ ...price, id: 0 }, newRowKey()),
    id: undefined,
    markup_rate_id: rateInSeason(price.markup_rate_id, sourceRates, rates),
  }));
  const groups = source.categories.map(({ id: _id, prices: categoryPrices, ...fields }): PriceGroup => ({
    ...shiftDatedFields({ ...fields, date_ranges: storedDateRanges(fields) }, years),
    tour_route_id: null,
    key: newGroupKey(),
    size: categoryPrices.length,
  }));
  return { groups, rows };
}
