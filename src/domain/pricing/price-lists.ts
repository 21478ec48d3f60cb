import type { PriceKind } from '../price-maths.js';

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

export const PRICE_LIST_NAMES = Object.keys(PRICE_LIST_KINDS) as PriceListName[];

/** Season rates are keyed by currency and season: `${currency_id}:${season_id}`. */
export const currencyRateKey = (currencyId: number, seasonId: number) => `${currencyId}:${seasonId}`;
