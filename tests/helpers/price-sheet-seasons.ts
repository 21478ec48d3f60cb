// Two seasons of one tour for the pricing export and import tests: formula grosses (a reference,
// a range in a function), non-com, adjustments, two rates sharing 20% with different markups, a
// rate not in the model, a net of 0, and a season without a currency rate.

import type { CategoryPrice, PricingCategory, SeasonPricing } from '../../src/domain/pricing/tour-pricing';

type Typed = { formula?: string; gross: number; non_com?: number; adjustment?: number; rate?: number | null };

function prices(typed: Typed[], firstId: number): CategoryPrice[] {
  return typed.map((row, index) => ({
    id: firstId + index,
    formula: row.formula ?? null,
    gross: row.gross,
    non_com: row.non_com ?? 0,
    adjustment: row.adjustment ?? 0,
    markup_rate_id: row.rate === undefined ? 1 : row.rate,
    net: 0,
    cost: 0,
    room_type_id: null,
    accommodation_category_id: null,
    deck_id: null,
  }));
}

function group(id: number, start: string, end: string, rows: CategoryPrice[]): PricingCategory {
  return {
    id,
    start,
    end,
    date_ranges: [{ start, end }],
    nights: 7,
    guided: true,
    boat_id: null,
    tour_route_id: null,
    specific_dates: [],
    restricted_dates: [],
    restricted_days: [],
    prices: rows,
  };
}

// Rates 1 and 3 share 20% but differ in markup; rate 99 is not in the model (an unpriceable row).
export const RATES = [
  { id: 1, commission: 20, markup: 1.32, supplement_markup: 1.11 },
  { id: 2, commission: 12.5, markup: 1.25, supplement_markup: 1.1 },
  { id: 3, commission: 20, markup: 1.4, supplement_markup: 1.2 },
];

export const season2026: SeasonPricing = {
  tour_season: {
    id: 10,
    tour_id: 7,
    season_id: 3,
    season_name: '2026',
    version: 4,
    deposit: null,
    live: true,
    markup_model_id: 1,
    currency_id: 2,
    model: { id: 1, name: 'Standard', rates: RATES },
    currency: { id: 2, name: 'Euro', symbol: '€', rate: 1.085 },
  },
  categories: [
    // Gross values are what the app evaluated for each formula.
    group(100, '2026-05-01', '2026-05-31', prices([{ gross: 675 }, { formula: '[0]+10', gross: 685 }, { gross: 496, rate: 3, adjustment: 12.5 }], 1000)),
    group(
      101,
      '2026-06-01',
      '2026-06-30',
      prices(
        [
          { formula: 'ROUND(SUM([0]:[2])/3,2)', gross: 618.67, rate: 2, non_com: 100 },
          { gross: 1234.56, rate: 99, adjustment: 5 },
          { gross: 80, non_com: 90 },
        ],
        1003,
      ),
    ),
  ],
};

export const season2027: SeasonPricing = {
  tour_season: {
    id: 11,
    tour_id: 7,
    season_id: 4,
    season_name: '2027',
    version: 2,
    deposit: null,
    live: false,
    markup_model_id: 1,
    currency_id: 3,
    model: { id: 1, name: 'Standard', rates: RATES.slice(0, 2) },
    currency: { id: 3, name: 'Dollar', symbol: '$', rate: null },
  },
  categories: [group(200, '2027-05-01', '2027-05-31', prices([{ gross: 700 }, { formula: '[0]*2', gross: 1400, adjustment: 3 }], 2000))],
};

export const lookups = { boats: [], routes: [], roomTypes: [], accommodation: [] };
export const TOUR = { tour_code: 'DAN1', name: 'Danube & Tisza' };
export const EXPORTED_AT = new Date(Date.UTC(2026, 10, 25, 14, 0));
