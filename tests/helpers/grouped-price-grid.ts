import type { MarkupRate } from '../../src/domain/price-maths';
import { PriceGridModel } from '../../src/grid/price-grid-model';
import type { PriceGroup, PricingRow } from '../../src/screens/pricing/price-groups';

/** The pricing tab's grid model: tour prices over `rows`, laid out in `groups` as the tab lays them, at a currency rate of 1.1. */
export const groupedPriceGrid = (rows: PricingRow[], groups: PriceGroup[], rates: readonly MarkupRate[]) =>
  new PriceGridModel<PricingRow, { groups: PriceGroup[] }>({ rows, rates, currencyRate: 1.1, kind: 'tour', layoutRequired: true, layout: { groups } });
