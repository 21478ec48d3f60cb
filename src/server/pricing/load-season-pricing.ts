import type { Kysely } from 'kysely';
import type { CategoryPrice, PricingCategory, SeasonPricing, TourSeasonPricingContext } from '../../domain/pricing/tour-pricing.js';
import { storedDateRanges } from '../../domain/pricing/date-ranges.js';
import { listPricingCategories, listSeasonPrices } from '../db/repositories/season-pricing-repository.js';
import type { Database } from '../db/schema.js';
import { loadPricingContext } from './load-pricing-context.js';

/** A tour season's price groups with their prices, in display order, and the season's maths context. */
export async function loadSeasonPricing(db: Kysely<Database>, tourSeasonId: number): Promise<SeasonPricing> {
  const tour_season = await loadPricingContext(db, tourSeasonId);
  const categories = await listPricingCategories(db, tourSeasonId);
  const prices = await listSeasonPrices(db, tourSeasonId);
  return seasonPricingOf(
    tour_season,
    categories.map((category) => ({ ...category, date_ranges: storedDateRanges(category) })),
    prices,
  );
}

/** The answer shape of a season's pricing: groups in display order, each with its prices in order. */
export function seasonPricingOf(
  tour_season: TourSeasonPricingContext,
  categories: Omit<PricingCategory, 'prices'>[],
  prices: (CategoryPrice & { tour_pricing_category_id: number })[],
): SeasonPricing {
  const byCategory = new Map<number, PricingCategory['prices']>();
  for (const { tour_pricing_category_id, ...price } of prices) {
    const list = byCategory.get(tour_pricing_category_id) ?? [];
    list.push(price);
    byCategory.set(tour_pricing_category_id, list);
  }
  return { tour_season, categories: categories.map((category) => ({ ...category, prices: byCategory.get(category.id) ?? [] })) };
}
