import type { Kysely } from 'kysely';
import type { PriceListColumns } from '../../domain/models/season-pricing-inputs.js';
import { priceListColumnsJson } from '../db/repositories/price-list-repository.js';
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

/** The stored rows of one list for the given tour seasons, in id order. */
export async function loadPriceList(db: Kysely<Database>, list: PriceListName, tourSeasonIds: number[]): Promise<StoredPriceRow[]> {
  if (tourSeasonIds.length === 0) return [];
  const columns = JSON.parse(await priceListColumnsJson(db, list, tourSeasonIds, true)) as PriceListColumns & { id: number[] };
  return columns.id.map((id, i) => ({
    id,
    tour_season_id: columns.tour_season_id[i],
    gross: columns.gross[i],
    non_com: columns.non_com[i],
    adjustment: columns.adjustment[i],
    markup_rate_id: columns.markup_rate_id[i],
    net: columns.net[i],
    cost: columns.cost[i],
  }));
}
