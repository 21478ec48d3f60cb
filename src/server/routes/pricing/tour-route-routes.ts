import { tourRoutesEndpoints } from '../../../domain/contract/pricing.js';
import type { Api, AppContext } from '../../api-types.js';
import { deleteTourRoutesExcept, insertTourRoute, listTourRoutes, renameTourRoute, tourRouteIds } from '../../db/repositories/tour-route-repository.js';
import { badRequest } from '../../http-errors.js';
import { bumpSeasonVersion } from '../../pricing/bump-season-version.js';
import { findTourSeasonId, loadPricingContext } from '../../pricing/load-pricing-context.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/** Named routes of a tour season (SPEC.md section 7: tour-routes). Removing one unsets it on its groups. */
export function registerTourRouteRoutes(app: Api, { db }: AppContext) {
  const load = (tourSeasonId: number) => listTourRoutes(db, tourSeasonId);

  registerEndpoint(
    app,
    tourRoutesEndpoints.read,
    async (request) => {
      const tourSeasonId = await findTourSeasonId(db, request.params.tourId, request.params.seasonId);
      return { routes: await load(tourSeasonId), version: (await loadPricingContext(db, tourSeasonId)).version };
    },
    { config: CACHEABLE },
  );

  registerEndpoint(app, tourRoutesEndpoints.save, async (request) => {
    const tourSeasonId = await findTourSeasonId(db, request.params.tourId, request.params.seasonId);
    await db.transaction().execute(async (trx) => {
      await bumpSeasonVersion(trx, tourSeasonId, request.body.version);
      const existing = await tourRouteIds(trx, tourSeasonId);
      const kept = request.body.routes.flatMap((route, index) => {
        if (route.id && !existing.has(route.id)) throw badRequest(`Route ${route.id} is not part of this season`, `routes.${index}.id`);
        return route.id ? [route.id] : [];
      });
      await deleteTourRoutesExcept(trx, tourSeasonId, kept);
      for (const route of request.body.routes) {
        if (route.id) await renameTourRoute(trx, route.id, route.name);
        else await insertTourRoute(trx, tourSeasonId, route.name);
      }
    });
    return { routes: await load(tourSeasonId), version: (await loadPricingContext(db, tourSeasonId)).version };
  });
}
