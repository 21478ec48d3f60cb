import { z } from 'zod';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 500;

/** Query of the growing lists; without any of it they answer SPEC.md's plain array. */
export const pagedListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(1_000_000).optional(),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX, `At most ${PAGE_SIZE_MAX} rows per page`).optional(),
  search: z.string().trim().max(200, 'The search is too long').optional(),
  status: z.string().trim().max(60).optional(),
});
export type PagedListQuery = z.infer<typeof pagedListQuerySchema>;
export type PagedList<T> = { results: T[]; total: number; page: number; page_size: number };

export const isPagedQuery = (query: PagedListQuery) => Object.values(query).some((value) => value !== undefined && value !== '');

/** A page of a growing list. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
