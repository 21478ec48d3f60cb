import { z } from 'zod';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 500;

/**
 * Optional query of a reference list. Without any of these the list answers SPEC.md's plain
 * array; with any of them it answers one page: `{ results, total, page, per_page }`.
 */
export const referenceListQuerySchema = z.object({
  q: z.string().trim().max(200, 'The filter is too long').optional(),
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').optional(),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE, `At most ${MAX_PER_PAGE} rows per page`).optional(),
  sort: z.string().max(50).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
export type ReferenceListQuery = z.input<typeof referenceListQuerySchema>;

export type PagedList<T> = { results: T[]; total: number; page: number; per_page: number };

export const isPagedQuery = (query: ReferenceListQuery) => Object.values(query).some((value) => value !== undefined && value !== '');
