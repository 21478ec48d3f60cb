import type { PriceListName } from '../../domain/pricing/price-lists.js';

// The list names and kinds are shared with the app (its in-browser what-if preview).
export { PRICE_LIST_KINDS, type PriceListName } from '../../domain/pricing/price-lists.js';

export type PriceListTable = 'tour_prices' | 'tour_bikes' | 'tour_party_extra_variations' | 'tour_room_extra_variations';

export const PRICE_LIST_TABLES: Record<PriceListName, PriceListTable> = {
  prices: 'tour_prices',
  bikes: 'tour_bikes',
  party_extra_variations: 'tour_party_extra_variations',
  room_extra_variations: 'tour_room_extra_variations',
};
