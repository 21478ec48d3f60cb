import { z } from 'zod';
import { isoDate } from '../iso-date.js';
import { changeSetSchema, changeSetSummarySchema, PRICE_ROW_KINDS, rollbackResultSchema, rowSnapshotSchema } from '../pricing/price-history.js';
import { id, pathId } from '../record-id.js';
import { defineEndpoint } from './endpoint.js';

// The price history (issue 22): a season's change sets, one of them, a row's changes, and the
// managers' list across tours and seasons; the rollback of a /pgt rates change.

const tourSeason = z.object({ tourId: pathId, seasonId: pathId });
const page = z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1);
const queryId = z.coerce.number().pipe(id).optional();

export const rowChangeSchema = z.object({
  change_set_id: z.number(),
  created_at: z.string(),
  author: z.string().nullable(),
  source: z.string(),
  before: rowSnapshotSchema.nullable(),
  after: rowSnapshotSchema.nullable(),
});
export type RowChange = z.infer<typeof rowChangeSchema>;

export const priceHistoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/price-history',
    query: z.object({ tour: queryId, season: queryId, user: queryId, from: isoDate.optional(), to: isoDate.optional(), page }),
    response: z.array(changeSetSummarySchema),
  }),
  season: defineEndpoint({
    method: 'GET',
    path: '/price-history/:tourId/:seasonId',
    params: tourSeason,
    /** `kind`: only the change sets that changed rows of that kind (one tab's), counted over those rows. */
    query: z.object({ page, kind: z.enum(PRICE_ROW_KINDS).optional() }),
    response: z.array(changeSetSummarySchema),
  }),
  changeSet: defineEndpoint({
    method: 'GET',
    path: '/price-history/:tourId/:seasonId/sets/:changeSetId',
    params: tourSeason.extend({ changeSetId: pathId }),
    response: changeSetSchema,
  }),
  row: defineEndpoint({
    method: 'GET',
    path: '/price-history/:tourId/:seasonId/rows/:kind/:rowId',
    params: tourSeason.extend({ kind: z.enum(PRICE_ROW_KINDS), rowId: pathId }),
    response: z.array(rowChangeSchema),
  }),
  /**
   * Rolls back a /pgt rates change: its rates put back and every season it touched recomputed, in
   * one transaction; 409 naming the seasons changed since, 400 for a set that is not a rates change.
   * A season roll-over's set is rolled back by removing the tour seasons it created (409 when one
   * changed since).
   * No body: the check that nothing changed since is against the set itself.
   */
  rollback: defineEndpoint({
    method: 'POST',
    path: '/price-history/:changeSetId/rollback',
    params: z.object({ changeSetId: pathId }),
    response: rollbackResultSchema,
  }),
};
