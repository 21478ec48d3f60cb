import { tourBikesEndpoints } from '../../../domain/contract/pricing.js';
import type { Api, AppContext } from '../../api-types.js';
import { listTourBikes } from '../../db/repositories/tour-bike-repository.js';
import { findTourSeasonOfTour } from '../../db/repositories/tour-repository.js';
import { notFound } from '../../http-errors.js';
import { bumpSeasonVersion } from '../../pricing/bump-season-version.js';
import { findTourSeasonId, loadPricingContext } from '../../pricing/load-pricing-context.js';
import { saveTourBikes } from '../../pricing/save-tour-bikes.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/** A season's bikes (SPEC.md section 7: tour-bikes, and tours/{tour_id}/{tour_season_id}/bikes). */
export function registerTourBikeRoutes(app: Api, { db }: AppContext) {
  const read = async (tourSeasonId: number) => ({ tour_season: await loadPricingContext(db, tourSeasonId), bikes: await listTourBikes(db, tourSeasonId) });

  registerEndpoint(app, tourBikesEndpoints.read, async (request) => read(await findTourSeasonId(db, request.params.tourId, request.params.seasonId)), {
    config: CACHEABLE,
  });

  registerEndpoint(
    app,
    tourBikesEndpoints.listBySeasonId,
    async (request) => {
      const season = await findTourSeasonOfTour(db, request.params.tourId, request.params.tourSeasonId);
      if (!season) throw notFound('Tour season');
      return listTourBikes(db, season.id);
    },
    { config: CACHEABLE },
  );

  registerEndpoint(app, tourBikesEndpoints.save, async (request) => {
    const tourSeasonId = await findTourSeasonId(db, request.params.tourId, request.params.seasonId);
    await db.transaction().execute(async (trx) => {
      await bumpSeasonVersion(trx, tourSeasonId, request.body.version);
      await saveTourBikes(trx, tourSeasonId, request.body.bikes, request.body.below_guardrail_confirmed);
    });
    return read(tourSeasonId);
  });

  // Appends bikes after the season's own and answers with the created rows (Add Bike).
  registerEndpoint(app, tourBikesEndpoints.add, async (request, reply) => {
    const tourSeasonId = await findTourSeasonId(db, request.params.tourId, request.params.seasonId);
    const created = await db.transaction().execute(async (trx) => {
      const context = await loadPricingContext(trx, tourSeasonId);
      await bumpSeasonVersion(trx, tourSeasonId, request.body.version ?? context.version);
      const current = await listTourBikes(trx, tourSeasonId);
      const kept = current.map(({ net: _net, cost: _cost, tour_season_id: _season, ...bike }) => bike);
      await saveTourBikes(trx, tourSeasonId, [...kept, ...request.body.bikes.map((bike) => ({ ...bike, id: undefined }))], 'unchecked');
      return (await listTourBikes(trx, tourSeasonId)).slice(current.length);
    });
    reply.status(201);
    return created;
  });
}
