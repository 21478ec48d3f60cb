import { priceHistoryEndpoints } from '../../../domain/contract/price-history.js';
import type { Api, AppContext } from '../../api-types.js';
import { notFound } from '../../http-errors.js';
import { findTourSeasonId } from '../../pricing/load-pricing-context.js';
import { filteredChangeSets, rowHistory, seasonChangeSet, seasonChangeSets } from '../../pricing/read-price-history.js';
import { rollbackChangeSet } from '../../pricing/rollback/rollback-change-set.js';
import { registerEndpoint } from '../register-endpoint.js';

/**
 * The price history (issue 22): a season's change sets (`GET price-history/{tour}/{season}`),
 * one of them with its changes in that season, one row's history, and the managers' list across
 * tours and seasons (`GET price-history?tour=&season=&user=&from=&to=&page=`), and the rollback
 * of a /pgt rates change or a season roll-over (`POST price-history/{id}/rollback`).
 */
export function registerPriceHistoryRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(app, priceHistoryEndpoints.list, async (request) => {
    const { tour, season, user, from, to, page } = request.query;
    return filteredChangeSets(db, { tourId: tour, seasonId: season, userId: user, from, to, page });
  });

  registerEndpoint(app, priceHistoryEndpoints.season, async (request) =>
    seasonChangeSets(db, await findTourSeasonId(db, request.params.tourId, request.params.seasonId), request.query.page, request.query.kind),
  );

  registerEndpoint(app, priceHistoryEndpoints.changeSet, async (request) => {
    const tourSeasonId = await findTourSeasonId(db, request.params.tourId, request.params.seasonId);
    const set = await seasonChangeSet(db, tourSeasonId, request.params.changeSetId);
    if (!set) throw notFound(`Change set ${request.params.changeSetId} of this season`);
    return set;
  });

  registerEndpoint(app, priceHistoryEndpoints.row, async (request) =>
    rowHistory(db, await findTourSeasonId(db, request.params.tourId, request.params.seasonId), request.params.kind, request.params.rowId),
  );

  registerEndpoint(app, priceHistoryEndpoints.rollback, async (request) =>
    db.transaction().execute((trx) => rollbackChangeSet(trx, request.params.changeSetId)),
  );
}
