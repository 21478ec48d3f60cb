import { z } from 'zod';
import { categorySaveSchema, seasonPricingSaveSchema, type PricingCategoryInput, type SeasonPricing } from '../../../domain/pricing/tour-pricing.js';
import { resizeReferences } from '../../../formulas/resize-references.js';
import type { Api, AppContext } from '../../api-types.js';
import { notFound } from '../../http-errors.js';
import { claimTourSeason } from '../../pricing/bump-season-version.js';
import { findTourSeasonId } from '../../pricing/load-pricing-context.js';
import { loadSeasonPricing } from '../../pricing/load-season-pricing.js';
import { saveSeasonPricing } from '../../pricing/save-season-pricing.js';
import { pathId, tourSeasonParams } from '../route-params.js';
import { CACHEABLE } from '../../read-cache.js';

const categoryParams = tourSeasonParams.extend({ categoryId: pathId });

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

/**
 * Seasonal prices (SPEC.md section 7). The season-wide PUT is what the pricing screen's save
 * uses: one transaction for all groups. POST, PUT and DELETE of one group exist as SPEC.md lists
 * them and run through the same save, so formulas that point across groups stay checked.
 */
export function registerTourPricingRoutes(app: Api, { db }: AppContext) {
  app.get('/tour-pricing/:tourId/:seasonId', { config: CACHEABLE, schema: { params: tourSeasonParams } }, async (request) => {
    const tourSeasonId = await findTourSeasonId(db, request.params.tourId, request.params.seasonId);
    return loadSeasonPricing(db, tourSeasonId);
  });

  app.put('/tour-pricing/:tourId/:seasonId', { schema: { params: tourSeasonParams, body: seasonPricingSaveSchema } }, async (request) =>
    db.transaction().execute(async (trx) => saveSeasonPricing(trx, await claimTourSeason(trx, request.params.tourId, request.params.seasonId, request.body.version), request.body)),
  );

  app.post('/tour-pricing/:tourId/:seasonId', { schema: { params: tourSeasonParams, body: categorySaveSchema } }, async (request, reply) => {
    const { version, ...category } = request.body;
    const pricing = await db.transaction().execute(async (trx) => {
      const tourSeasonId = await claimTourSeason(trx, request.params.tourId, request.params.seasonId, version);
      const current = await loadSeasonPricing(trx, tourSeasonId);
      return saveSeasonPricing(trx, tourSeasonId, { version, categories: [...asSaveInput(current), { ...category, id: undefined }], removed_category_ids: [] });
    });
    reply.status(201);
    return { category: pricing.categories.at(-1), version: pricing.tour_season.version };
  });

  app.put('/tour-pricing/:tourId/:seasonId/:categoryId', { schema: { params: categoryParams, body: categorySaveSchema } }, async (request) => {
    const { categoryId } = request.params;
    const { version, ...category } = request.body;
    const pricing = await db.transaction().execute(async (trx) => {
      const tourSeasonId = await claimTourSeason(trx, request.params.tourId, request.params.seasonId, version);
      const current = asSaveInput(await loadSeasonPricing(trx, tourSeasonId));
      const categories = replaceCategory(current, categoryId, { ...category, id: categoryId });
      return saveSeasonPricing(trx, tourSeasonId, { version, categories, removed_category_ids: [] });
    });
    return { category: pricing.categories.find((existing) => existing.id === categoryId), version: pricing.tour_season.version };
  });

  app.delete(
    '/tour-pricing/:tourId/:seasonId/:categoryId',
    { schema: { params: categoryParams, querystring: z.object({ version: z.coerce.number().int().positive() }) } },
    async (request) => {
      const { categoryId } = request.params;
      const pricing = await db.transaction().execute(async (trx) => {
        const tourSeasonId = await claimTourSeason(trx, request.params.tourId, request.params.seasonId, request.query.version);
        const current = asSaveInput(await loadSeasonPricing(trx, tourSeasonId));
        const categories = replaceCategory(current, categoryId, null);
        return saveSeasonPricing(trx, tourSeasonId, { version: request.query.version, categories, removed_category_ids: [categoryId] });
      });
      return { deleted: categoryId, version: pricing.tour_season.version };
    },
  );
}

