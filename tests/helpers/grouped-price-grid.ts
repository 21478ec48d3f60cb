import type { MarkupRate } from '../../src/domain/price-maths';
import { PriceGridModel } from '../../src/grid/price-grid-model';
import type { PriceRow } from '../../src/grid/price-row';
import type { PriceGroup, PricingRow } from '../../src/screens/pricing/price-groups';

/** The pricing tab's grid model: tour prices over `rows`, laid out in `groups` as the tab lays them, at a currency rate of 1.1. */
export const groupedPriceGrid = (rows: PricingRow[], groups: PriceGroup[], rates: readonly MarkupRate[]) =>
  new PriceGridModel<PricingRow, { groups: PriceGroup[] }>({ rows, rates, currencyRate: 1.1, kind: 'tour', layoutRequired: true, layout: { groups } });

/** A stored price row `id` (key `row-{id}`) on rate 1, with no non-com or adjustment. */
export const storedPriceRow = (id: number, gross: number | null, formula: string | null = null): PriceRow => ({
  key: `row-${id}`,
  id,
  gross,
  formula,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 1,
});

/** The same as a row of the pricing tab: room 1, no accommodation category, no deck. */
export const storedPricingRow = (id: number, gross: number, formula: string | null = null): PricingRow => ({
  ...storedPriceRow(id, gross, formula),
  room_type_id: 1,
  accommodation_category_id: null,
  deck_id: null,
});
