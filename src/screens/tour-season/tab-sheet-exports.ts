// The bikes, supplements and extra nights tabs as price sheets (issue 21): each tab's season as
// the rows of its SheetLayout, for the export (with the cells of its descriptive columns) and the
// import (which compares the sheet with the same rows). The pricing tab's are in pricing-export-rows.ts.

import type { TourBike } from '../../domain/pricing/tour-bikes';
import type { TourSeasonPricingContext } from '../../domain/pricing/tour-pricing';
import type { PartyExtra, RoomExtra } from '../../domain/tours/tour-extras-schemas';
import type { SheetLayout, SheetSeason } from '../../formulas/price-sheet-layout';
import type { NamedOption } from '../../api/pricing-queries';
import { excelDate, nameOf, priceSheetExport, type DescribedPrice, type PricingExport } from './price-sheet-rows';

type Tour = { tour_code: string; name: string };

/** A season's bikes in their order: Order is the row's place from 1, as the grid shows it. */
export function bikesSheetSeason(
  season: { tour_season: TourSeasonPricingContext; bikes: readonly TourBike[] },
  bikes: readonly NamedOption[],
): SheetSeason<DescribedPrice> {
  return {
    tour_season: season.tour_season,
    groups: [
      { id: null, rows: season.bikes.map((bike, index) => ({ ...bike, cells: { Order: index + 1, Bike: nameOf(bikes, bike.bike_id), Nights: bike.nights } })) },
    ],
  };
}

/** A season's supplements, each a group of its variations (`[n]` counts an extra's variations). */
export function supplementsSheetSeason(
  season: { tour_season: TourSeasonPricingContext; extras: readonly PartyExtra[] },
  lookups: { accommodation: readonly NamedOption[]; bikes: readonly NamedOption[] },
): SheetSeason<DescribedPrice> {
  return {
    tour_season: season.tour_season,
    groups: season.extras.map((extra) => ({
      id: extra.id,
      rows: extra.variations.map((variation) => ({
        ...variation,
        cells: {
          Supplement: extra.name,
          Category: nameOf(lookups.accommodation, variation.accommodation_category_id),
          Bike: nameOf(lookups.bikes, variation.bike_id),
          'Min pax': variation.min_pax,
          'Max pax': variation.max_pax,
        },
      })),
    })),
  };
}

/** A season's extra nights, each a group of its dated variations. */
export function extraNightsSheetSeason(
  season: { tour_season: TourSeasonPricingContext; extras: readonly RoomExtra[] },
  lookups: { roomTypes: readonly NamedOption[]; accommodation: readonly NamedOption[] },
): SheetSeason<DescribedPrice> {
  return {
    tour_season: season.tour_season,
    groups: season.extras.map((extra) => ({
      id: extra.id,
      rows: extra.variations.map((variation) => ({
        ...variation,
        cells: {
          'Extra night': extra.name,
          Start: excelDate(variation.start),
          End: excelDate(variation.end),
          Room: nameOf(lookups.roomTypes, variation.room_type_id),
          Category: nameOf(lookups.accommodation, variation.accommodation_category_id),
        },
      })),
    })),
  };
}

/** One tab's season as its sheet. */
export const tabSheetExport = (layout: SheetLayout, tour: Tour, season: SheetSeason<DescribedPrice>): PricingExport => priceSheetExport(layout, tour, [season]);
