import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PriceListName } from './price-lists.js';

/** What a recompute needs of a stored row: its inputs and the net and cost stored with them. */
export type StoredPriceRow = {
  id: number;
  tour_season_id: number;
  gross: number;
  non_com: number;
  adjustment: number;
  markup_rate_id: number | null;
  net: number;
  cost: number;
};

const PRICE_COLUMNS = ['gross', 'non_com', 'adjustment', 'markup_rate_id', 'net', 'cost'] as const;

/**
 * The stored rows of one list for the given tour seasons, in no particular order: a recompute
 * prices each row on its own (formulas are not re-evaluated, see planRecompute), so sorting
 * tens of thousands of rows would only cost time.
 */
export async function loadPriceList(db: Kysely<Database>, list: PriceListName, tourSeasonIds: number[]): Promise<StoredPriceRow[]> {
  if (tourSeasonIds.length === 0) return [];
  switch (list) {
    case 'prices':
      return db.selectFrom('tour_prices').select(['id', 'tour_season_id', ...PRICE_COLUMNS]).where('tour_season_id', 'in', tourSeasonIds).execute();
    case 'bikes':
      return db.selectFrom('tour_bikes').select(['id', 'tour_season_id', ...PRICE_COLUMNS]).where('tour_season_id', 'in', tourSeasonIds).execute();
    case 'party_extra_variations':
      return db
        .selectFrom('tour_party_extra_variations as v')
        .innerJoin('tour_party_extras as e', 'e.id', 'v.tour_party_extra_id')
        .select(['v.id', 'e.tour_season_id', ...PRICE_COLUMNS.map((column) => `v.${column}` as const)])
        .where('e.tour_season_id', 'in', tourSeasonIds)
        .execute();
    case 'room_extra_variations':
      return db
        .selectFrom('tour_room_extra_variations as v')
        .innerJoin('tour_room_extras as e', 'e.id', 'v.tour_room_extra_id')
        .select(['v.id', 'e.tour_season_id', ...PRICE_COLUMNS.map((column) => `v.${column}` as const)])
        .where('e.tour_season_id', 'in', tourSeasonIds)
        .execute();
  }
}
