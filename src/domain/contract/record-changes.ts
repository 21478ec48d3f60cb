import { z } from 'zod';
import { RECORD_KINDS } from '../record-kinds.js';
import { pathId } from '../record-id.js';
import { defineEndpoint } from './endpoint.js';

// "Last changed by ... on ..." on a record's form (issue 22).

export const lastChangeSchema = z.object({
  /** The staff member's e-mail; null when the last change had no one behind it (seed, import). */
  changed_by: z.string().nullable(),
  changed_at: z.string().nullable(),
});
export type LastChange = z.infer<typeof lastChangeSchema>;

export const recordChangesEndpoints = {
  last: defineEndpoint({
    method: 'GET',
    path: '/last-change/:kind/:id',
    params: z.object({ kind: z.enum(RECORD_KINDS, { error: `Must be one of: ${RECORD_KINDS.join(', ')}` }), id: pathId }),
    response: lastChangeSchema,
  }),
};
