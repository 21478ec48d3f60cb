import { rateInSeason } from '../../domain/pricing/copied-rate';
import type { TourBike } from '../../domain/pricing/tour-bikes';
import type { SeasonRate, TourSeasonPricingContext } from '../../domain/pricing/tour-pricing';
import { copyPriceRows } from '../../formulas/copy-price-rows';
import { bikeRowOf, type BikeRow } from './bike-row';

/**
 * Copy From on the bikes tab: another tour season's bikes as new rows placed at row `at` of this
 * season's grid. `[n]` references are remapped to the copies, commission rates to this season's
 * model, and orders follow on after `orderAfter` (this season's highest order, when appending)
 * keeping the source's gaps; Replace passes null and keeps the source's orders.
 */
export function copiedBikes(
  source: { tour_season: TourSeasonPricingContext; bikes: readonly TourBike[] },
  at: number,
  rates: readonly SeasonRate[],
  orderAfter: number | null,
): BikeRow[] {
  const sourceRates = source.tour_season.model?.rates ?? [];
  const firstOrder = Math.min(...source.bikes.map((bike) => bike.order));
  const shift = orderAfter === null ? 0 : orderAfter + 1 - firstOrder;
  return copyPriceRows(source.bikes, 0, at).map((bike) => ({
    ...bikeRowOf(bike),
    order: bike.order + shift,
    markup_rate_id: rateInSeason(bike.markup_rate_id, sourceRates, rates),
  }));
}
