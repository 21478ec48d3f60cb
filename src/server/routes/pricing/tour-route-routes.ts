import { tourRoutesEndpoints } from '../../../domain/contract/pricing.js';
import type { Api, AppContext } from '../../api-types.js';
import { badRequest } from '../../http-errors.js';
import { bumpSeasonVersion } from '../../pricing/bump-season-version.js';
import { findTourSeasonId, loadPricingContext } from '../../pricing/load-pricing-context.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/** Named routes of a tour season (SPEC.md section 7: tour-routes). Removing one unsets it on its groups. */
export function registerTourRouteRoutes(app: Api, { db }: AppContext) {
  const load = (tourSeasonId: number) =>
    db.selectFrom('tour_routes').select(['id', 'name', 'tour_season_id']).where('tour_season_id', '=', tourSeasonId).orderBy('id').execute();

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
      const existing = new Set((await trx.selectFrom('tour_routes').select('id').where('tour_season_id', '=', tourSeasonId).execute()).map((row) => row.id));
      const kept = request.body.routes.flatMap((route, index) => {
        if (route.id && !existing.has(route.id)) throw badRequest(`Route ${route.id} is not part of this season`, `routes.${index}.id`);
        return route.id ? [route.id] : [];
      });
      let remove = trx.deleteFrom('tour_routes').where('tour_season_id', '=', tourSeasonId);
      if (kept.length) remove = remove.where('id', 'not in', kept);
      await remove.execute();
      for (const route of request.body.routes) {
        if (route.id) await trx.updateTable('tour_routes').set({ name: route.name }).where('id', '=', route.id).execute();
        else await trx.insertInto('tour_routes').values({ name: route.name, tour_season_id: tourSeasonId }).execute();
      }
    });
    return { routes: await load(tourSeasonId), version: (await loadPricingContext(db, tourSeasonId)).version };
  });
}
