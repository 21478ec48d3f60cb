import { z } from 'zod';
import { oneLine } from '../one-line-text.js';
import { TOUR_RICH_TEXT_MAX, withDepthLimit } from '../reference/rich-text.js';
import { idSchema, optionalIdSchema } from './form-values.js';

export const ITINERARY_TYPES = ['public', 'documentation'] as const;
export type ItineraryType = (typeof ITINERARY_TYPES)[number];
export const ITINERARY_TYPE_LABELS: Record<ItineraryType, string> = { public: 'Public', documentation: 'Documentation' };

/** One itinerary row as sent; rows without an id are new. */
export const itineraryInputSchema = z.object({
  id: idSchema.optional(),
  day: z.int('Day must be a whole number').min(0, 'Day must not be negative').max(366, 'Day is at most 366'),
  title: oneLine(z.string().trim().max(500, 'Title is at most 500 characters'), 'Title').default(''),
  type: z.enum(ITINERARY_TYPES, 'Type is public or documentation').default('public'),
  content: withDepthLimit(z.string().max(TOUR_RICH_TEXT_MAX)).default(''),
  media_id: optionalIdSchema,
});

/** `PUT tours/{id}/itineraries`: the whole list in its order, with the tour version it was read at. */
export const itinerariesSaveSchema = z.object({
  version: idSchema,
  itineraries: z
    .array(itineraryInputSchema)
    .max(400)
    .refine((rows) => {
      const ids = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
      return new Set(ids).size === ids.length;
    }, 'Each itinerary id may appear once'),
});

export const itinerarySchema = z.object({
  id: z.number(),
  day: z.number(),
  title: z.string(),
  type: z.string(),
  content: z.string(),
  media_id: z.number().nullable(),
});
export type Itinerary = z.infer<typeof itinerarySchema>;

export const itinerariesResponseSchema = z.object({ version: z.number(), itineraries: z.array(itinerarySchema) });
export type ItinerariesResponse = z.infer<typeof itinerariesResponseSchema>;
