// The bikes, supplements and extra nights of season2026 (price-sheet-seasons.ts) for the tab
// sheet export and import tests: formula grosses over the season's bikes and over an extra's own
// variations, three rates (two sharing 20%), priced with the supplement markup.

import type { TourBike } from '../../src/domain/pricing/tour-bikes';
import type { PartyExtra, PartyExtraVariation, RoomExtra, RoomExtraVariation } from '../../src/domain/tours/tour-extras-schemas';
import { season2026 } from './price-sheet-seasons';

type Typed = { id: number; formula?: string; gross: number; non_com?: number; adjustment?: number; rate?: number };
const priced = (row: Typed) => ({
  id: row.id,
  formula: row.formula ?? null,
  gross: row.gross,
  non_com: row.non_com ?? 0,
  adjustment: row.adjustment ?? 0,
  markup_rate_id: row.rate ?? 1,
  net: 0,
  cost: 0,
});

export const BIKE_OPTIONS = [
  { id: 1, name: 'Hybrid' },
  { id: 2, name: 'E-bike' },
];
export const ACCOMMODATION = [{ id: 7, name: 'Superior' }];
export const ROOM_TYPES = [
  { id: 1, name: 'Single' },
  { id: 2, name: 'Twin' },
];

const bike = (row: Typed, bikeId: number, order: number): TourBike => ({
  ...priced(row),
  bike_id: bikeId,
  order,
  nights: order === 0 ? 7 : null,
  boat_id: null,
  gallery_id: null,
  tour_season_id: 10,
});

export const bikesSeason = {
  tour_season: season2026.tour_season,
  bikes: [
    bike({ id: 500, gross: 40 }, 1, 0),
    bike({ id: 501, formula: '[0]+15', gross: 55, rate: 2 }, 2, 1),
    bike({ id: 502, gross: 30, adjustment: 2.5, rate: 3, non_com: 5 }, 1, 2),
  ],
};

const partyVariation = (row: Typed, extraId: number): PartyExtraVariation => ({
  ...priced(row),
  tour_party_extra_id: extraId,
  accommodation_category_id: row.id === 601 ? 7 : null,
  bike_id: null,
  min_pax: row.id === 601 ? 2 : null,
  max_pax: null,
});
const partyExtra = (id: number, name: string, rows: Typed[]): PartyExtra => ({
  id,
  tour_season_id: 10,
  name,
  guidance: 0,
  boat_id: null,
  nights: null,
  order: id,
  variations: rows.map((row) => partyVariation(row, id)),
});

/** Sheet rows 2-3 are supplement 60's variations 600, 601; rows 4-5 supplement 61's 610, 611. */
export const supplementsSeason = {
  tour_season: season2026.tour_season,
  extras: [
    partyExtra(60, 'Airport transfer', [
      { id: 600, gross: 50 },
      { id: 601, formula: '[0]*2', gross: 100, rate: 2 },
    ]),
    partyExtra(61, 'Insurance', [
      { id: 610, gross: 20 },
      { id: 611, formula: '[0]+5', gross: 25, adjustment: 1 },
    ]),
  ],
};

const roomVariation = (row: Typed, extraId: number, start: string): RoomExtraVariation => ({
  ...priced(row),
  tour_room_extra_id: extraId,
  start,
  end: start.replace(/-01$/, '-30'),
  room_type_id: 2,
  accommodation_category_id: null,
  specific_dates: [],
  restricted_dates: [],
  restricted_days: [],
});

/** Sheet rows 2-3 are extra night 70's variations 700, 701. */
export const extraNightsSeason = {
  tour_season: season2026.tour_season,
  extras: [
    {
      id: 70,
      tour_season_id: 10,
      name: 'Vienna',
      pre: true,
      post: false,
      variations: [roomVariation({ id: 700, gross: 90 }, 70, '2026-05-01'), roomVariation({ id: 701, formula: '[0]-10', gross: 80 }, 70, '2026-06-01')],
    } satisfies RoomExtra,
  ],
};
