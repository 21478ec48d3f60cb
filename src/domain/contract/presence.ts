import { z } from 'zod';
import { PRICE_ROW_KINDS } from '../pricing/price-history.js';
import { pathId } from '../record-id.js';
import { defineEndpoint } from './endpoint.js';

// Presence and change notices (issue 29): a Server-Sent Events stream per browser tab on a season.
// These entries stand outside `contract` on purpose: the typed client turns every entry there into
// a JSON call that waits for the whole answer, and a stream never ends. They are still entries of
// the endpoint table (method, path, params), registered with `registerEndpoint` behind the same
// auth hook as every route, and read by the client's stream reader from the same entry; their
// `response` is one event's data, as each `data:` line carries it.

/** The most others a presence event names (the first by e-mail address). */
export const PRESENCE_LIST_LIMIT = 20;

/** Someone else's save of the open season, as the notice tells of it. */
export const changeEventSchema = z.object({
  type: z.literal('change'),
  change_set_id: z.number(),
  author: z.string().nullable(),
  created_at: z.string(),
  source: z.string(),
  /** Rows it changed within the open season (every season of a /pgt season). */
  rows: z.number(),
  kinds: z.array(z.enum(PRICE_ROW_KINDS)),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** The others who have the same season open now, by e-mail (sent at the start and at each change). */
export const presenceEventSchema = z.object({ type: z.literal('presence'), others: z.array(z.string()) });
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

export const streamEventSchema = z.discriminatedUnion('type', [presenceEventSchema, changeEventSchema]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

export const presenceStreamEndpoints = {
  /** A season's tabs (pricing, bikes, supplements, extra nights, reductions, specifications). */
  season: defineEndpoint({
    method: 'GET',
    path: '/presence/seasons/:tourId/:seasonId',
    params: z.object({ tourId: pathId, seasonId: pathId }),
    response: streamEventSchema,
  }),
  /** The bulk pricing page of a season (/pgt). */
  bulkPricing: defineEndpoint({
    method: 'GET',
    path: '/presence/pgt/:seasonId',
    params: z.object({ seasonId: pathId }),
    response: streamEventSchema,
  }),
};
