import { z } from 'zod';
import type { BulkPricingView } from '../../../domain/models/bulk-pricing-view.js';
import type { Api, AppContext } from '../../api-types.js';
import { notFound } from '../../http-errors.js';
import { loadSeasonPricingInputsJson } from '../../pricing/load-season-pricing-inputs.js';
import { pathId } from '../route-params.js';
import { CACHEABLE } from '../../read-cache.js';

/**
 * The season and the tour codes of its tours for /pgt. Each tour's groups and prices come from
 * `GET tour-pricing/{tour_id}/{season_id}` when its tab is chosen, so the page never loads a whole
 * season's tens of thousands of rows at once.
 */
export function registerBulkPricingRoutes(api: Api, { db }: AppContext) {
  api.get('/bulk-pricing/:seasonId', { config: CACHEABLE, schema: { params: z.object({ seasonId: pathId }) } }, async (request): Promise<BulkPricingView> => {
    const season = await db.selectFrom('seasons').select(['id', 'name', 'model_id', 'currency_id']).where('id', '=', request.params.seasonId).executeTakeFirst();
    if (!season) throw notFound('Season');
    const tours = await db
      .selectFrom('tour_seasons as ts')
      .innerJoin('tours as t', 't.id', 'ts.tour_id')
      .select(['t.id', 't.tour_code', 't.name', 'ts.id as tour_season_id', 'ts.markup_model_id', 'ts.currency_id'])
      .where('ts.season_id', '=', season.id)
      .where('t.deleted', '=', false)
      .orderBy('t.tour_code')
      .orderBy('t.name')
      .execute();
    return { season, tours };
  });

  // The what-if preview's inputs for the whole season, loaded once by /pgt (see SeasonPricingInputs).
  api.get('/bulk-pricing/:seasonId/inputs', { config: CACHEABLE, schema: { params: z.object({ seasonId: pathId }) } }, async (request, reply) => {
    const json = await loadSeasonPricingInputsJson(db, request.params.seasonId);
    if (json === null) throw notFound('Season');
    return reply.type('application/json').send(json);
  });
}
