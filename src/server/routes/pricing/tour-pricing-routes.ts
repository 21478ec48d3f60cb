import { tourPricingEndpoints } from '../../../domain/contract/pricing.js';
import type { PricingCategory, PricingCategoryInput, SeasonPricing } from '../../../domain/pricing/tour-pricing.js';
import { resizeReferences } from '../../../formulas/resize-references.js';
import type { Api, AppContext } from '../../api-types.js';
import { notFound } from '../../http-errors.js';
import { claimTourSeason } from '../../pricing/bump-season-version.js';
import { findTourSeasonId } from '../../pricing/load-pricing-context.js';
import { loadSeasonPricing } from '../../pricing/load-season-pricing.js';
import { saveSeasonPricing } from '../../pricing/save-season-pricing.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/** The stored season as a save request, so single-group calls go through the one season save. */
const asSaveInput = (pricing: SeasonPricing): PricingCategoryInput[] =>
  pricing.categories.map((category) => ({ ...category, prices: category.prices.map(({ net: _net, cost: _cost, ...price }) => price) }));

/**
 * Replaces one group (null: removes it) and renumbers the `[n]` references of every other group,
 * since rows are numbered across the whole season. The replacement's own formulas were typed
 * against the new numbering already, so they stay as sent.
 */
function replaceCategory(categories: PricingCategoryInput[], categoryId: number, replacement: PricingCategoryInput | null): PricingCategoryInput[] {
  const index = categories.findIndex((category) => category.id === categoryId);
  if (index < 0) throw notFound(`Price group ${categoryId}`);
  const start = categories.slice(0, index).reduce((count, category) => count + category.prices.length, 0);
  const oldCount = categories[index].prices.length;
  const newCount = replacement?.prices.length ?? 0;
  const renumber = (category: PricingCategoryInput): PricingCategoryInput => ({
    ...category,
    prices: category.prices.map((price) => ({ ...price, formula: price.formula && resizeReferences(price.formula, start, oldCount, newCount) })),
  });
  return categories.flatMap((category, position) => (position === index ? (replacement ? [replacement] : []) : [renumber(category)]));
}

/** The group a single-group save answers with; the save just wrote it, so it is there. */
function savedCategory(category: PricingCategory | undefined, categoryId: number | 'new'): PricingCategory {
  if (!category) throw notFound(`Price group ${categoryId}`);
  return category;
}

/**
 * Seasonal prices (SPEC.md section 7). The season-wide PUT is what the pricing screen's save
 * uses: one transaction for all groups. POST, PUT and DELETE of one group exist as SPEC.md lists
 * them and run through the same save, so formulas that point across groups stay checked.
 */
export function registerTourPricingRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(
    app,
    tourPricingEndpoints.read,
    async (request) => {
      const tourSeasonId = await findTourSeasonId(db, request.params.tourId, request.params.seasonId);
      return loadSeasonPricing(db, tourSeasonId);
    },
    { config: CACHEABLE },
  );

  registerEndpoint(app, tourPricingEndpoints.save, async (request) =>
    db
      .transaction()
      .execute(async (trx) =>
        saveSeasonPricing(trx, await claimTourSeason(trx, request.params.tourId, request.params.seasonId, request.body.version), request.body),
      ),
  );

  registerEndpoint(app, tourPricingEndpoints.addCategory, async (request, reply) => {
    const { version, ...category } = request.body;
    const pricing = await db.transaction().execute(async (trx) => {
      const tourSeasonId = await claimTourSeason(trx, request.params.tourId, request.params.seasonId, version);
      const current = await loadSeasonPricing(trx, tourSeasonId);
      return saveSeasonPricing(trx, tourSeasonId, { version, categories: [...asSaveInput(current), { ...category, id: undefined }], removed_category_ids: [] });
    });
    reply.status(201);
    return { category: savedCategory(pricing.categories.at(-1), 'new'), version: pricing.tour_season.version };
  });

  registerEndpoint(app, tourPricingEndpoints.saveCategory, async (request) => {
    const { categoryId } = request.params;
    const { version, ...category } = request.body;
    const pricing = await db.transaction().execute(async (trx) => {
      const tourSeasonId = await claimTourSeason(trx, request.params.tourId, request.params.seasonId, version);
      const current = asSaveInput(await loadSeasonPricing(trx, tourSeasonId));
      const categories = replaceCategory(current, categoryId, { ...category, id: categoryId });
      return saveSeasonPricing(trx, tourSeasonId, { version, categories, removed_category_ids: [] });
    });
    return {
      category: savedCategory(
        pricing.categories.find((existing) => existing.id === categoryId),
        categoryId,
      ),
      version: pricing.tour_season.version,
    };
  });

  registerEndpoint(app, tourPricingEndpoints.removeCategory, async (request) => {
    const { categoryId } = request.params;
    const pricing = await db.transaction().execute(async (trx) => {
      const tourSeasonId = await claimTourSeason(trx, request.params.tourId, request.params.seasonId, request.query.version);
      const current = asSaveInput(await loadSeasonPricing(trx, tourSeasonId));
      const categories = replaceCategory(current, categoryId, null);
      return saveSeasonPricing(trx, tourSeasonId, { version: request.query.version, categories, removed_category_ids: [categoryId] });
    });
    return { deleted: categoryId, version: pricing.tour_season.version };
  });
}
