import { z } from 'zod';
import { pathId } from '../record-id.js';
import { rolloverRequestSchema, type RolloverCandidate, type RolloverCommitResult, type RolloverPreview } from '../rollover/rollover-request.js';
import { defineEndpoint, outlineOf } from './endpoint.js';

// A season roll-over (issue 31): next year's tour seasons from this year's, for many tours at
// once, previewed before anything is written and committed as one change set.

const rolledTotals = z.looseObject({ rows: z.number(), gross_before: z.number(), gross_after: z.number(), cost_before: z.number(), cost_after: z.number() });

export const rolloversEndpoints = {
  /** The tours with a tour season in the source season, each saying whether it already runs in the target. */
  candidates: defineEndpoint({
    method: 'GET',
    path: '/rollovers/candidates',
    query: z.object({ source: pathId, target: pathId }),
    response: z.array(
      outlineOf<RolloverCandidate>(z.looseObject({ tour_id: z.number(), tour_code: z.string(), tour_name: z.string(), in_target: z.boolean() })),
    ),
  }),
  /** The roll-over worked out per tour (rows before and after, flagged under the guardrail), nothing written. */
  preview: defineEndpoint({
    method: 'POST',
    path: '/rollovers/preview',
    body: rolloverRequestSchema,
    response: outlineOf<RolloverPreview>(
      z.looseObject({
        label: z.string(),
        tours: z.array(z.looseObject({ tour_id: z.number(), categories: z.array(z.looseObject({ prices: z.array(z.looseObject({})) })) })),
        skipped: z.array(z.looseObject({ tour_id: z.number() })),
        totals: rolledTotals,
        problems: z.array(z.string()),
      }),
    ),
  }),
  /** The same roll-over written: new tour seasons, not live, in one transaction and one change set. */
  commit: defineEndpoint({
    method: 'POST',
    path: '/rollovers',
    body: rolloverRequestSchema,
    response: outlineOf<RolloverCommitResult>(
      z.object({
        change_set_id: z.number(),
        label: z.string(),
        tour_seasons: z.array(z.object({ tour_id: z.number(), tour_season_id: z.number() })),
        rows: z.number(),
      }),
    ),
  }),
};
