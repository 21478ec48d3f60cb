import type { CategoryPrice, PricingCategory } from '../../src/domain/pricing/tour-pricing.js';

// A season's pricing as the server answers it, built small for unit tests: prices on rate 1,
// groups open from a start date.

/** A stored price on rate 1: a gross, or a formula (whose gross is what it gave). */
export const storedPrice = (id: number, gross: number, formula: string | null = null, roomTypeId: number | null = null): CategoryPrice => ({
  id,
  formula,
  gross,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 1,
  net: 0,
  cost: 0,
  room_type_id: roomTypeId,
  accommodation_category_id: null,
  deck_id: null,
});

/** A stored group of prices, from `start` (no dates when null). */
export const storedGroup = (id: number, prices: CategoryPrice[], start: string | null = null): PricingCategory => ({
  id,
  start,
  end: null,
  date_ranges: start === null ? [] : [{ start, end: null }],
  nights: null,
  guided: null,
  boat_id: null,
  tour_route_id: null,
  specific_dates: [],
  restricted_dates: [],
  restricted_days: [],
  prices,
});
