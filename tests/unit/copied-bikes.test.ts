import { describe, expect, it } from 'vitest';
import type { TourBike } from '../../src/domain/pricing/tour-bikes';
import type { SeasonRate, TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing';
import { copiedBikes } from '../../src/screens/pricing/copied-bikes';

const rate = (id: number, commission: number): SeasonRate => ({ id, commission, markup: 1.3, supplement_markup: 1.15 });
const bike = (id: number, order: number, formula: string | null, gross: number): TourBike => ({
  id,
  tour_season_id: 9,
  bike_id: id + 100,
  order,
  nights: null,
  boat_id: null,
  gallery_id: 4,
  formula,
  gross,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 7,
  net: 0,
  cost: 0,
});
const source = {
  tour_season: { model: { id: 3, name: 'Other', rates: [rate(7, 20)] } } as TourSeasonPricingContext,
  bikes: [bike(1, 3, null, 200), bike(2, 5, '[0]+50', 250)],
};
const thisSeason = [rate(1, 20)];

describe('copiedBikes', () => {
  it('keeps the source orders on Replace, points references at the copies and matches the rate by commission', () => {
    expect(
      copiedBikes(source, 0, thisSeason, null).map((row) => [row.id, row.bike_id, row.order, row.formula, row.gross, row.markup_rate_id, row.gallery_id]),
    ).toEqual([
      [undefined, 101, 3, null, 200, 1, 4],
      [undefined, 102, 5, '[0]+50', 250, 1, 4],
    ]);
  });

  it('orders appended copies after the given order, keeping the gaps, and remaps references to where they land', () => {
    expect(copiedBikes(source, 2, thisSeason, 8).map((row) => [row.order, row.formula])).toEqual([
      [9, null],
      [11, '[2]+50'],
    ]);
  });
});
