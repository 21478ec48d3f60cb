import { bulkPricingEndpoints } from '../../../domain/contract/models.js';
import type { Api, AppContext } from '../../api-types.js';
import { findSeasonSummary, listToursOfSeason } from '../../db/repositories/season-repository.js';
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
      const season = await findSeasonSummary(db, request.params.seasonId);
      if (!season) throw notFound('Season');
      const tours = await listToursOfSeason(db, season.id);
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
