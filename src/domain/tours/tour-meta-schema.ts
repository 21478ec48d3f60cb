import { z } from 'zod';
import { TOUR_RICH_TEXT_MAX, withDepthLimit } from '../reference/rich-text.js';

/** Meta keys the screens write; other keys are kept as they are. */
export const TOUR_META_KEYS = ['itinerary_snippet', 'accommodation', 'bikes_snippet', 'getting_there', 'live_map', 'weather'] as const;
export type TourMetaKey = (typeof TOUR_META_KEYS)[number];

/** Meta values that are rich text and are cleaned on save; the rest are plain text. */
export const RICH_TEXT_META_KEYS: readonly string[] = ['itinerary_snippet', 'accommodation', 'bikes_snippet', 'getting_there', 'weather'];

export const tourMetaItemSchema = z.object({
  key: z
    .string()
    .min(1, 'Meta key is required')
    .max(64)
    .regex(/^[a-z0-9_]+$/, 'Meta key may hold lowercase letters, digits and underscores'),
  value: withDepthLimit(z.string().max(TOUR_RICH_TEXT_MAX)).default(''),
});
export type TourMetaItem = z.infer<typeof tourMetaItemSchema>;

export const tourMetaListSchema = z
  .array(tourMetaItemSchema)
  .max(100)
  .refine((items) => new Set(items.map((item) => item.key)).size === items.length, 'Each meta key may appear once');
