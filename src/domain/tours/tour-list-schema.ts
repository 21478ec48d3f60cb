import { z } from 'zod';

export const TOUR_SORT_KEYS = ['name', 'tour_code', 'status', 'order'] as const;
export type TourSortKey = (typeof TOUR_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

/**
 * `GET tours/all` query. Without parameters the answer is every tour that is not deleted; the
 * parameters filter, sort and page it (the total is in the `x-total-count` header).
 */
export const tourListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(TOUR_SORT_KEYS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type TourListQuery = z.infer<typeof tourListQuerySchema>;

export const tourListSeasonSchema = z.object({
  id: z.number(),
  season_id: z.number(),
  name: z.string(),
  markup_model_id: z.number().nullable(),
  live: z.boolean(),
});

/** One row of the tours list: Name, Seasons (with model numbers), Tour code, Status. */
export const tourListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  tour_code: z.string(),
  status: z.string(),
  order: z.number(),
  seasons: z.array(tourListSeasonSchema),
});
export type TourListItem = z.infer<typeof tourListItemSchema>;
