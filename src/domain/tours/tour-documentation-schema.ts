import { z } from 'zod';
import { TOUR_RICH_TEXT_MAX, withDepthLimit } from '../reference/rich-text.js';
import { idSchema } from './form-values.js';

export const DOCUMENTATION_FIELDS = ['arrival', 'luggage', 'food', 'bike_details'] as const;
export type DocumentationField = (typeof DOCUMENTATION_FIELDS)[number];
export const DOCUMENTATION_LABELS: Record<DocumentationField, string> = {
  arrival: 'Arrival',
  luggage: 'Luggage',
  food: 'Food',
  bike_details: 'Bike details',
};

const richText = withDepthLimit(z.string().max(TOUR_RICH_TEXT_MAX)).default('');

/**
 * `PUT tours/{id}/documentation`; `version` is the tour's, as read. `map_id` is the optional map
 * image of the customer documentation: an image of the library, null for none, and left as stored
 * when absent (SPEC.md's body names only the four texts and the id).
 */
export const tourDocumentationSaveSchema = z.object({
  id: idSchema.nullable().optional(),
  version: idSchema,
  arrival: richText,
  luggage: richText,
  food: richText,
  bike_details: richText,
  map_id: idSchema.nullable().optional(),
});
export type TourDocumentationSave = z.input<typeof tourDocumentationSaveSchema>;

/** A tour's documentation; `id` is null until it is first saved. */
export const tourDocumentationSchema = z.object({
  id: z.number().nullable(),
  version: z.number(),
  arrival: z.string(),
  luggage: z.string(),
  food: z.string(),
  bike_details: z.string(),
  map_id: z.number().nullable(),
});
export type TourDocumentation = z.infer<typeof tourDocumentationSchema>;
