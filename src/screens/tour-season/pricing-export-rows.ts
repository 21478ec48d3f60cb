// The pricing tab's price groups as the rows of its sheet (SPEC.md section 9: Export; issue 21):
// the sheet itself is written by price-sheet-rows.ts, as the bikes and extras tabs' are.

import type { PricingCategory, SeasonPricing } from '../../domain/pricing/tour-pricing';
import { storedDateRanges } from '../../domain/pricing/date-ranges';
import { PRICING_LAYOUT, type SheetSeason } from '../../formulas/price-sheet-layout';
import { formatDayMonthYear } from './date-text';
import type { NamedOption } from '../../api/pricing-queries';
import { excelDate, nameOf, priceSheetExport, type DescribedPrice, type ExportCell, type PricingExport } from './price-sheet-rows';

export type ExportLookups = {
  boats: readonly NamedOption[];
  routes: readonly NamedOption[];
  roomTypes: readonly NamedOption[];
  accommodation: readonly NamedOption[];
};
export type ExportSeason = { pricing: SeasonPricing; lookups: ExportLookups };
type Tour = { tour_code: string; name: string };

const guidance = (category: PricingCategory) => (category.guided === null ? '' : category.guided ? 'Guided' : 'Self-Guided');

/** Every season's prices on one Pricing sheet, the header on row 1, and the Rates sheet they refer to. */
export function pricingExport(tour: Tour, seasons: readonly ExportSeason[]): PricingExport {
  return priceSheetExport(PRICING_LAYOUT, tour, seasons.map(pricingSheetSeason));
}

/** A season's price groups as the pricing layout's rows. */
export function pricingSheetSeason({ pricing, lookups }: ExportSeason): SheetSeason<DescribedPrice> {
  return {
    tour_season: pricing.tour_season,
    groups: pricing.categories.map((category) => {
      const dates = exportDates(category);
      return {
        id: category.id,
        rows: category.prices.map((price) => ({
          ...price,
          cells: {
            Start: dates.start,
            End: dates.end,
            Nights: category.nights,
            Boat: nameOf(lookups.boats, category.boat_id),
            Route: nameOf(lookups.routes, category.tour_route_id),
            Guidance: guidance(category),
            Room: nameOf(lookups.roomTypes, price.room_type_id),
            Accommodation: nameOf(lookups.accommodation, price.accommodation_category_id),
          },
        })),
      };
    }),
  };
}

/**
 * A group's Start and End cells: real dates for a group of one range; for several ranges each
 * range's start and each range's end as text, in the same order ('01/05/2026, 01/07/2026'), so
 * the group keeps one row per price (the gross formulas name rows).
 */
function exportDates(category: PricingCategory): { start: ExportCell; end: ExportCell } {
  const stored = storedDateRanges(category);
  const ranges = stored.length > 0 ? stored : [{ start: category.start, end: category.end }];
  if (ranges.length === 1) return { start: excelDate(ranges[0].start), end: excelDate(ranges[0].end) };
  return { start: ranges.map((range) => formatDayMonthYear(range.start)).join(', '), end: ranges.map((range) => formatDayMonthYear(range.end)).join(', ') };
}
