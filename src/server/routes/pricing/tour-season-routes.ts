import type { Api, AppContext } from '../../api-types.js';
import { findTourSeasonId, loadPricingContext } from '../../pricing/load-pricing-context.js';
import { tourSeasonsEndpoints } from '../../../domain/contract/pricing.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/** A tour season with its model (name, rates) and currency (name, rate, symbol): SPEC.md section 7. */
export function registerTourSeasonRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(
    app,
    tourSeasonsEndpoints.read,
    async (request) => loadPricingContext(db, await findTourSeasonId(db, request.params.tourId, request.params.seasonId)),
    { config: CACHEABLE },
  );
}
