import type { PriceKind } from '../../domain/price-maths.js';

/**
 * The four kinds of stored price rows of a tour season. Each list is one grid: `[n]` references
 * count rows of the same list, in the order given here (the order the grid shows them).
 */
export type PriceListName = 'prices' | 'bikes' | 'party_extra_variations' | 'room_extra_variations';

export const PRICE_LIST_KINDS: Record<PriceListName, PriceKind> = {
  prices: 'tour',
  bikes: 'supplement',
  party_extra_variations: 'supplement',
  room_extra_variations: 'supplement',
};

export type PriceListTable = 'tour_prices' | 'tour_bikes' | 'tour_party_extra_variations' | 'tour_room_extra_variations';

export const PRICE_LIST_TABLES: Record<PriceListName, PriceListTable> = {
  prices: 'tour_prices',
  bikes: 'tour_bikes',
  party_extra_variations: 'tour_party_extra_variations',
  room_extra_variations: 'tour_room_extra_variations',
};
