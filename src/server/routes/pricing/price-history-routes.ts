import { z } from 'zod';
import { isoDate } from '../../../domain/iso-date.js';
import { changeSetSchema, changeSetSummarySchema, PRICE_ROW_KINDS, priceSnapshotSchema } from '../../../domain/pricing/price-history.js';
import { optionalId } from '../../../domain/record-id.js';
import type { Api, AppContext } from '../../api-types.js';
import { notFound } from '../../http-errors.js';
import { findTourSeasonId } from '../../pricing/load-pricing-context.js';
import { filteredChangeSets, rowHistory, seasonChangeSet, seasonChangeSets } from '../../pricing/read-price-history.js';
import { pathId, tourSeasonParams } from '../route-params.js';

const page = z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1);
const queryId = z.coerce.number().pipe(optionalId.unwrap()).optional();
const rowChangeSchema = z.object({
  change_set_id: z.number(),
  created_at: z.string(),
  author: z.string().nullable(),
  source: z.string(),
  before: priceSnapshotSchema.nullable(),
  after: priceSnapshotSchema.nullable(),
});

/**
 * The price history (issue 22): a season's change sets (`GET price-history/{tour}/{season}`),
 * one of them with its changes in that season, one row's history, and the managers' list across
 * tours and seasons (`GET price-history?tour=&season=&user=&from=&to=&page=`).
 */
export function registerPriceHistoryRoutes(app: Api, { db }: AppContext) {
  app.get(
    '/price-history',
    {
      schema: {
        querystring: z.object({ tour: queryId, season: queryId, user: queryId, from: isoDate.optional(), to: isoDate.optional(), page }),
        response: { 200: z.array(changeSetSummarySchema) },
      },
    },
    async (request) => {
      const { tour, season, user, from, to } = request.query;
      return filteredChangeSets(db, { tourId: tour, seasonId: season, userId: user, from, to, page: request.query.page });
    },
  );

  app.get(
    '/price-history/:tourId/:seasonId',
    { schema: { params: tourSeasonParams, querystring: z.object({ page }), response: { 200: z.array(changeSetSummarySchema) } } },
    async (request) => seasonChangeSets(db, await findTourSeasonId(db, request.params.tourId, request.params.seasonId), request.query.page),
  );

  app.get(
    '/price-history/:tourId/:seasonId/sets/:changeSetId',
    { schema: { params: tourSeasonParams.extend({ changeSetId: pathId }), response: { 200: changeSetSchema } } },
    async (request) => {
      const tourSeasonId = await findTourSeasonId(db, request.params.tourId, request.params.seasonId);
      const set = await seasonChangeSet(db, tourSeasonId, request.params.changeSetId);
      if (!set) throw notFound(`Change set ${request.params.changeSetId} of this season`);
      return set;
    },
  );

  app.get(
    '/price-history/:tourId/:seasonId/rows/:kind/:rowId',
    { schema: { params: tourSeasonParams.extend({ kind: z.enum(PRICE_ROW_KINDS), rowId: pathId }), response: { 200: z.array(rowChangeSchema) } } },
    async (request) => rowHistory(db, await findTourSeasonId(db, request.params.tourId, request.params.seasonId), request.params.kind, request.params.rowId),
  );
}
