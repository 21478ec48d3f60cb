import { z } from 'zod';

export const TOUR_SORT_KEYS = ['name', 'tour_code', 'status', 'order'] as const;
export type TourSortKey = (typeof TOUR_SORT_KEYS)[number];
export const TOURS_MAX_PER_PAGE = 500;

/**
 * `GET tours/all` query, named as the other growable lists name it. Without `q`, `page` or
 * `per_page` the answer is SPEC.md's plain array of every tour that is not deleted; with any of
 * them it is one page: `{ results, total, page, per_page }`. `sort` and `dir` apply either way.
 */
export const tourListQuerySchema = z.object({
  q: z.string().trim().max(200, 'The filter is too long').optional(),
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').optional(),
  per_page: z.coerce.number().int().min(1).max(TOURS_MAX_PER_PAGE, `At most ${TOURS_MAX_PER_PAGE} rows per page`).optional(),
  sort: z.enum(TOUR_SORT_KEYS, 'Sort by name, tour_code, status or order').optional(),
  dir: z.enum(['asc', 'desc'], 'Direction is asc or desc').optional(),
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
  /** Read with the row, so Delete (an update) cannot overwrite an edit made since. */
  version: z.number(),
  seasons: z.array(tourListSeasonSchema),
  /** The public tour page (the list's View action); null when the site address is unknown. */
  public_url: z.string().nullable(),
});
export type TourListItem = z.infer<typeof tourListItemSchema>;

export const tourListPageSchema = z.object({ results: z.array(tourListItemSchema), total: z.number(), page: z.number(), per_page: z.number() });
export type TourListPage = z.infer<typeof tourListPageSchema>;
