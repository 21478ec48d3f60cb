import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PriceListName } from './price-lists.js';

export type StoredPriceRow = {
  id: number;
  tour_season_id: number;
  formula: string | null;
  gross: number;
  non_com: number;
  adjustment: number;
  markup_rate_id: number | null;
  net: number;
  cost: number;
};

const PRICE_COLUMNS = ['formula', 'gross', 'non_com', 'adjustment', 'markup_rate_id', 'net', 'cost'] as const;

/**
 * The stored rows of one list for the given tour seasons, in grid order (season, then display
 * order), so that `[n]` is the n-th row of its season in the result.
 */
export async function loadPriceList(db: Kysely<Database>, list: PriceListName, tourSeasonIds: number[]): Promise<StoredPriceRow[]> {
  if (tourSeasonIds.length === 0) return [];
  switch (list) {
    case 'prices':
      return db
        .selectFrom('tour_prices as p')
        .innerJoin('tour_pricing_categories as c', 'c.id', 'p.tour_pricing_category_id')
        .select(['p.id', 'p.tour_season_id', ...PRICE_COLUMNS.map((column) => `p.${column}` as const)])
        .where('p.tour_season_id', 'in', tourSeasonIds)
        .orderBy('p.tour_season_id')
        .orderBy('c.position')
        .orderBy('c.id')
        .orderBy('p.position')
        .orderBy('p.id')
        .execute();
    case 'bikes':
      return db
        .selectFrom('tour_bikes')
        .select(['id', 'tour_season_id', ...PRICE_COLUMNS])
        .where('tour_season_id', 'in', tourSeasonIds)
        .orderBy('tour_season_id')
        .orderBy('order')
        .orderBy('id')
        .execute();
    case 'party_extra_variations':
      return db
        .selectFrom('tour_party_extra_variations as v')
        .innerJoin('tour_party_extras as e', 'e.id', 'v.tour_party_extra_id')
        .select(['v.id', 'e.tour_season_id', ...PRICE_COLUMNS.map((column) => `v.${column}` as const)])
        .where('e.tour_season_id', 'in', tourSeasonIds)
        .orderBy('e.tour_season_id')
        .orderBy('e.order')
        .orderBy('e.id')
        .orderBy('v.position')
        .orderBy('v.id')
        .execute();
    case 'room_extra_variations':
      return db
        .selectFrom('tour_room_extra_variations as v')
        .innerJoin('tour_room_extras as e', 'e.id', 'v.tour_room_extra_id')
        .select(['v.id', 'e.tour_season_id', ...PRICE_COLUMNS.map((column) => `v.${column}` as const)])
        .where('e.tour_season_id', 'in', tourSeasonIds)
        .orderBy('e.tour_season_id')
        .orderBy('e.id')
        .orderBy('v.position')
        .orderBy('v.id')
        .execute();
  }
}
