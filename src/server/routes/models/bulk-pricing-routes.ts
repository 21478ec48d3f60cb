import { bulkPricingEndpoints } from '../../../domain/contract/models.js';
import type { Api, AppContext } from '../../api-types.js';
import { notFound } from '../../http-errors.js';
import { loadSeasonPricingInputsJson } from '../../pricing/load-season-pricing-inputs.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/**
 * The season and the tour codes of its tours for /pgt. Each tour's groups and prices come from
 * `GET tour-pricing/{tour_id}/{season_id}` when its tab is chosen, so the page never loads a whole
 * season's tens of thousands of rows at once.
 */
export function registerBulkPricingRoutes(api: Api, { db }: AppContext) {
  registerEndpoint(
    api,
    bulkPricingEndpoints.view,
    async (request) => {
      const season = await db
        .selectFrom('seasons')
        .select(['id', 'name', 'model_id', 'currency_id'])
        .where('id', '=', request.params.seasonId)
        .executeTakeFirst();
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
    },
    { config: CACHEABLE },
  );

  // The what-if preview's inputs for the whole season, loaded once by /pgt (see SeasonPricingInputs).
  registerEndpoint(
    api,
    bulkPricingEndpoints.inputs,
    async (request, reply) => {
      const json = await loadSeasonPricingInputsJson(db, request.params.seasonId);
      if (json === null) throw notFound('Season');
      return reply.type('application/json').send(json);
    },
    { config: CACHEABLE },
  );
}
