import { z } from 'zod';

/** `{id}` of the tour paths: an id or a slug. */
export const tourParamsSchema = z.object({ id: z.string().min(1).max(120) });
