// Legacy rows have no position; the import numbers them in legacy id order (the order they were
// created in) within their parent. The pricing grid shows a season's price groups by position
// and each group's prices by position, and numbers its rows across all groups: legacy `[id]`
// references are turned into those row numbers, so readers must order the same way.

import type { LegacyData } from './legacy-tables.js';

/** 0-based position of each row among its parent's rows, in id order. */
export function positionsWithin<Row extends { id: number }>(rows: readonly Row[], parentOf: (row: Row) => number): Map<number, number> {
  const counters = new Map<number, number>();
  const positions = new Map<number, number>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const parent = parentOf(row);
    const position = counters.get(parent) ?? 0;
    positions.set(row.id, position);
    counters.set(parent, position + 1);
  }
  return positions;
}

export type GridPositions = {
  categories: Map<number, number>;
  prices: Map<number, number>;
  partyExtraVariations: Map<number, number>;
  roomExtraVariations: Map<number, number>;
};

export function gridPositions(data: LegacyData): GridPositions {
  return {
    categories: positionsWithin(data.tour_pricing_categories, (row) => row.tour_season_id),
    prices: positionsWithin(data.tour_prices, (row) => row.tour_pricing_category_id),
    partyExtraVariations: positionsWithin(data.tour_party_extra_variations, (row) => row.tour_party_extra_id),
    roomExtraVariations: positionsWithin(data.tour_room_extra_variations, (row) => row.tour_room_extra_id),
  };
}
