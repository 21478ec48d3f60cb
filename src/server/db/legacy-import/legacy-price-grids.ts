// The legacy price rows grouped the way the grids show them, with what each grid prices with:
// its tour season's model rates and the season rate of its currency.

import type { MarkupRate, PriceKind } from '../../../domain/price-maths.js';
import type { GridPositions } from './grid-positions.js';
import type { LegacyData } from './legacy-tables.js';

export type PriceTable = 'tour_prices' | 'tour_bikes' | 'tour_party_extra_variations' | 'tour_room_extra_variations';

export const PRICE_TABLES: readonly PriceTable[] = ['tour_prices', 'tour_bikes', 'tour_party_extra_variations', 'tour_room_extra_variations'];

export type LegacyPriceRow = {
  id: number;
  formula: string | null;
  gross: number;
  non_com: number;
  net: number;
  adjustment: number;
  cost: number;
  markup_rate_id: number | null;
};

export type LegacyPriceGrid = {
  table: PriceTable;
  kind: PriceKind;
  rows: LegacyPriceRow[];
  rates: MarkupRate[];
  currencyRate: number | null;
};

function groupBy<Row>(rows: readonly Row[], keyOf: (row: Row) => number): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const byPosition = (positions: Map<number, number>) => (a: { id: number }, b: { id: number }) =>
  (positions.get(a.id) ?? 0) - (positions.get(b.id) ?? 0) || a.id - b.id;

export function legacyPriceGrids(data: LegacyData, positions: GridPositions): LegacyPriceGrid[] {
  const tourSeasons = new Map(data.tour_seasons.map((row) => [row.id, row]));
  const seasonRates = new Map(data.exchange_rates.map((row) => [`${row.currency_id}/${row.season_id}`, row.rate]));
  const modelRates = groupBy(data.markup_rates, (row) => row.markup_model_id);
  const pricing = (tourSeasonId: number | undefined) => {
    const tourSeason = tourSeasonId === undefined ? undefined : tourSeasons.get(tourSeasonId);
    const model = tourSeason?.markup_model_id ?? null;
    const rates = (model === null ? [] : (modelRates.get(model) ?? [])).map(({ id, commission, markup, supplement_markup }) => ({
      id,
      commission,
      markup,
      supplement_markup,
    }));
    const currencyRate = tourSeason ? (seasonRates.get(`${tourSeason.currency_id}/${tourSeason.season_id}`) ?? null) : null;
    return { rates, currencyRate };
  };
  const grids: LegacyPriceGrid[] = [];

  // A season's grid: its price groups by position, each group's prices by position.
  const gridOrder = (row: { id: number; tour_pricing_category_id: number }) => [
    positions.categories.get(row.tour_pricing_category_id) ?? 0,
    row.tour_pricing_category_id,
    positions.prices.get(row.id) ?? 0,
    row.id,
  ];
  for (const [tourSeasonId, rows] of groupBy(data.tour_prices, (row) => row.tour_season_id)) {
    const sorted = [...rows].sort((a, b) => compareTuples(gridOrder(a), gridOrder(b)));
    grids.push({ table: 'tour_prices', kind: 'tour', rows: sorted, ...pricing(tourSeasonId) });
  }
  for (const [tourSeasonId, rows] of groupBy(data.tour_bikes, (row) => row.tour_season_id)) {
    const sorted = [...rows].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id - b.id);
    grids.push({ table: 'tour_bikes', kind: 'supplement', rows: sorted, ...pricing(tourSeasonId) });
  }
  const partyExtraSeason = new Map(data.tour_party_extras.map((row) => [row.id, row.tour_season_id]));
  for (const [extraId, rows] of groupBy(data.tour_party_extra_variations, (row) => row.tour_party_extra_id)) {
    const sorted = [...rows].sort(byPosition(positions.partyExtraVariations));
    grids.push({ table: 'tour_party_extra_variations', kind: 'supplement', rows: sorted, ...pricing(partyExtraSeason.get(extraId)) });
  }
  const roomExtraSeason = new Map(data.tour_room_extras.map((row) => [row.id, row.tour_season_id]));
  for (const [extraId, rows] of groupBy(data.tour_room_extra_variations, (row) => row.tour_room_extra_id)) {
    const sorted = [...rows].sort(byPosition(positions.roomExtraVariations));
    grids.push({ table: 'tour_room_extra_variations', kind: 'supplement', rows: sorted, ...pricing(roomExtraSeason.get(extraId)) });
  }
  return grids;
}

function compareTuples(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return a[index] - b[index];
  return 0;
}
